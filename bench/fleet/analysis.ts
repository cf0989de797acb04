import { type Latencies, percentile } from '../fanout/stats.ts';
import { FrameKind, type Receipts, Stage, type Stages } from './screen-protocol.ts';

/** `FLEET_DEBUG`: each lost frame printed, with its commit and what its screen had, when. */
const DEBUG = Boolean(process.env.FLEET_DEBUG);

/** A frame's place in its board's order: change-log version, then tick. */
const keyOf = (version: number, tick: number) => version * 1_000 + tick;

export interface Delivery {
  readonly latency: Latencies;
  /** Frames received in the window (every kind): what the server's CPU is divided by. */
  readonly framesInWindow: number;
  /** Frames a screen never got, though other screens of its board did and no later snapshot covered them. */
  readonly lost: number;
  /** A frame a screen received twice. */
  readonly duplicates: number;
  /** Change frames whose commit the bench did not make (none expected): left out of the latency. */
  readonly unattributed: number;
}

export interface DeliveryInput {
  readonly receipts: readonly Receipts[];
  readonly screensPerBoard: number;
  readonly window: readonly [number, number];
  /** When the change a frame shows was committed (careboard) or sent (baseline); undefined if unknown. */
  readonly commitOf: (board: number, version: number, tick: number) => number | undefined;
  /**
   * One publisher per board (one server process): every screen of a board gets the same frames, so
   * a frame one screen got and another did not is lost. With several processes each has its own
   * publisher, which may fold two changes into one frame where another sends two: a screen then
   * counts a change lost only when no frame (an empty one too) or snapshot at or after it reached it.
   */
  readonly onePublisherPerBoard: boolean;
}

/**
 * Commit → visible per change frame (its receipt less the commit of the newest change in it),
 * and what each screen missed or got twice, judged against what the other screens of its board got.
 */
export function analyseDelivery(input: DeliveryInput): Delivery {
  const perScreen = new Map<
    number,
    { frames: Set<number>; snapshots: number[]; newest: number; at: Map<number, number> }
  >();
  const perBoard = new Map<number, Set<number>>();
  const latencies: number[] = [];
  let duplicates = 0;
  let unattributed = 0;
  let framesInWindow = 0;
  for (const r of input.receipts) {
    for (let i = 0; i < r.screen.length; i++) {
      const screen = r.screen[i] as number;
      const at = r.at[i] as number;
      const version = r.version[i] as number;
      const tick = r.tick[i] as number;
      const kind = r.kind[i] as number;
      if (at >= input.window[0] && at <= input.window[1]) framesInWindow += 1;
      let own = perScreen.get(screen);
      if (!own) {
        own = { frames: new Set(), snapshots: [], newest: -1, at: new Map() };
        perScreen.set(screen, own);
      }
      const key = keyOf(version, tick);
      if (DEBUG) own.at.set(key, at);
      // Any frame says the screen is at its version: a snapshot, changes, or an empty one.
      own.newest = Math.max(own.newest, key);
      if (kind === FrameKind.Snapshot) own.snapshots.push(key);
      if (kind !== FrameKind.Changes) continue;
      if (own.frames.has(key)) {
        duplicates += 1;
        continue;
      }
      own.frames.add(key);
      const board = Math.floor(screen / input.screensPerBoard);
      const union = perBoard.get(board) ?? new Set<number>();
      union.add(key);
      perBoard.set(board, union);
      // A tick is a board re-read on time alone (a message expired): no commit to measure from.
      if (tick !== 0) continue;
      const committed = input.commitOf(board, version, tick);
      if (committed === undefined) unattributed += 1;
      else latencies.push(at - committed);
    }
  }
  let lost = 0;
  for (const [screen, own] of perScreen) {
    const union = perBoard.get(Math.floor(screen / input.screensPerBoard)) ?? new Set<number>();
    const newestSnapshot = Math.max(-1, ...own.snapshots);
    for (const key of union)
      if (!own.frames.has(key) && key > newestSnapshot && (input.onePublisherPerBoard || key > own.newest)) {
        lost += 1;
        if (DEBUG) {
          const committed = input.commitOf(
            Math.floor(screen / input.screensPerBoard),
            Math.floor(key / 1_000),
            0,
          );
          const had = [...own.at].map(([frame, at]) => `${frame}@${at.toFixed(0)}`).join(' ');
          process.stderr.write(
            `lost ${key} (committed at ${committed?.toFixed(0)} ms) on screen ${screen}: had ${had} (frame@received ms) snapshots ${own.snapshots.join(' ')}\n`,
          );
        }
      }
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    latency: {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      visible: sorted.length,
      superseded: 0,
      missing: 0,
    },
    framesInWindow,
    lost,
    duplicates,
    unattributed,
  };
}

/** When a restart's screens reached a stage, ms after the kill: the first, the median, the last. */
export interface StageSpread {
  readonly firstMs: number;
  readonly p50Ms: number;
  readonly lastMs: number;
}

export interface Recovery {
  readonly notRecovered: number;
  /** Screens back in each second after the kill (index 3: after 2 s, by 3 s). */
  readonly backBySecond: readonly number[];
  /** Each screen's first new socket opened, its first acknowledgement, its first frame (back: live and caught up), after the kill. */
  readonly opened: StageSpread;
  readonly acknowledged: StageSpread;
  readonly back: StageSpread;
}

/** Each screen's earliest time after `killedAt`, sorted; screens without one are left out. */
function earliestPerScreen(
  screens: number,
  each: (visit: (screen: number, at: number) => void) => void,
): Float64Array {
  const first = new Float64Array(screens).fill(Number.NaN);
  each((screen, at) => {
    if (at < 0) return;
    if (Number.isNaN(first[screen] as number) || at < (first[screen] as number)) first[screen] = at;
  });
  return first.filter((v) => !Number.isNaN(v)).sort();
}

function spread(sorted: Float64Array): StageSpread {
  return {
    firstMs: sorted[0] ?? Number.NaN,
    p50Ms: percentile(sorted, 0.5),
    lastMs: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/**
 * After a restart at `killedAt`: how long until each screen had its first frame on a new
 * connection (live, and caught up); the slowest, and how many never did. And when the screens'
 * new sockets opened and were acknowledged: where in that pipeline the time went.
 */
export function analyseRecovery(
  receipts: readonly Receipts[],
  stages: readonly Stages[],
  screens: number,
  killedAt: number,
): Recovery {
  // The first frame on a new connection: a snapshot, or the frames missed, or an empty one
  // saying nothing was (the version it asked from is current).
  const recovered = earliestPerScreen(screens, (visit) => {
    for (const r of receipts)
      for (let i = 0; i < r.screen.length; i++)
        if ((r.epoch[i] as number) >= 1) visit(r.screen[i] as number, (r.at[i] as number) - killedAt);
  });
  const reached = (stage: number) =>
    earliestPerScreen(screens, (visit) => {
      for (const s of stages)
        for (let i = 0; i < s.screen.length; i++)
          if (s.stage[i] === stage) visit(s.screen[i] as number, (s.at[i] as number) - killedAt);
    });
  const backBySecond: number[] = [];
  for (const at of recovered) {
    const second = Math.max(0, Math.ceil(at / 1000));
    while (backBySecond.length <= second) backBySecond.push(0);
    backBySecond[second] = (backBySecond[second] ?? 0) + 1;
  }
  return {
    backBySecond,
    notRecovered: screens - recovered.length,
    opened: spread(reached(Stage.Opened)),
    acknowledged: spread(reached(Stage.Acknowledged)),
    back: spread(recovered),
  };
}
