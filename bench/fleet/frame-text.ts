import { FrameKind } from './screen-protocol.ts';

/** A board frame's header, read from its JSON text. */
export interface FrameHead {
  /** The frame's version as it is written, for the next subscription's `sinceVersion`. */
  readonly versionText: string;
  readonly version: number;
  readonly tick: number;
  readonly kind: number;
}

/** Versions are `<change-log version>.<tick>`. */
export function readFrame(text: string): FrameHead {
  const frame = JSON.parse(text) as { version: string; kind: string; upserts: unknown[]; removed: unknown[] };
  const [log, tick] = frame.version.split('.');
  const empty = frame.upserts.length === 0 && frame.removed.length === 0;
  return {
    versionText: frame.version,
    version: Number(log),
    tick: Number(tick ?? 0),
    kind: frame.kind === 'snapshot' ? FrameKind.Snapshot : empty ? FrameKind.Empty : FrameKind.Changes,
  };
}
