import type { Principal } from '../../identity/verify-access-token.ts';
import type { Closer, Refusal } from '../live-identity.ts';

/** Ends the hold a live connection had on its screen's device. */
export type Release = () => void;

/**
 * What a live transport (graphql-ws, sockets) asks when a connection opens: a screen's
 * connection holds its device online until released, or is refused (BOF-43, BOF-46); a
 * person's holds nothing.
 */
export type HoldDevice = (principal: Principal, close: Closer) => Promise<Refusal | Release>;
