import type { Principal } from '../../identity/verify-access-token.ts';
import type { Closer, Refusal } from '../live-identity.ts';

/** Ends the hold a live connection had on its screen's device. */
export type Release = () => void;

/**
 * What a live transport (graphql-ws, sockets) asks when a connection opens: a screen's
 * connection holds its device online until released, or is refused (BOF-43, BOF-46); a
 * person's holds nothing.
 */
export type HoldDevice = (
  principal: Principal,
  close: Closer,
  seen?: ScreenReport,
) => Promise<Refusal | Release>;

/** What a screen says of itself when it connects (graphql-ws connection params). */
export interface ScreenReport {
  /** The board app's release, shown in the console's Screens list. */
  readonly appVersion?: string;
}

/** A screen's `app_version` connection param, when it is a short printable string. */
export function screenReportOf(params: Readonly<Record<string, unknown>> | undefined): ScreenReport {
  const version = params?.app_version;
  if (typeof version !== 'string' || !/^[\w.+-]{1,40}$/.test(version)) return {};
  return { appVersion: version };
}
