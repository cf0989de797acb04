import { availableParallelism } from 'node:os';
import type { Delivery, Recovery, StageSpread } from './analysis.ts';
import type { ChangeCounts } from './change-stream.ts';
import type { FleetOptions } from './options.ts';

/** What one side (Careboard, or the bare broadcast) measured. */
export interface SideFigures {
  readonly delivery: Delivery;
  /** Server CPU over the change window, µs (undefined when a restart split it over two processes). */
  readonly serverCpuMicros: number | undefined;
  /** Server memory with every screen connected and idle, less before the first, per screen (bytes). */
  readonly bytesPerIdleScreen: number;
  /** Server CPU while the screens first connected, per screen (µs): what admitting one costs. */
  readonly cpuPerConnectingScreen: number;
  /** The server's write system calls then, per screen (to the screens and to PostgreSQL). */
  readonly writesPerConnectingScreen: number;
  readonly failures: number;
  /** Reconnections of screens during the run (a restart makes one per screen). */
  readonly reconnections: number;
  /** Sockets the screens opened (every attempt that got as far as a WebSocket), and those given up on a late pong. */
  readonly sockets: { readonly opened: number; readonly pongTimeouts: number };
}

export interface FleetFigures {
  readonly options: FleetOptions;
  readonly screens: number;
  readonly boards: number;
  readonly careboard: SideFigures;
  readonly raw: SideFigures;
  readonly changes: number;
  readonly counts: ChangeCounts;
  readonly late: number;
  readonly failedChanges: { readonly count: number; readonly first?: string };
  readonly postgresCpuMicros: number;
  readonly windowMs: number;
  readonly recovery?: RestartFigures;
  /** The bare baseline's restart, after its window: the same screens back at a bare socket's cost. */
  readonly rawRecovery?: RestartFigures;
}

/** What a `--restart` measured of one side. */
export type RestartFigures = Recovery & {
  /** From the kill until the restarted server answered /ready (Careboard) or listened (the baseline). */
  readyMs: number;
  /** Connection attempts the kernel dropped from the server's full accept queue, until all were back. */
  droppedConnections: number;
  /** Connection attempts that failed before they were established (refused while nothing listened), until all were back. */
  failedConnections: number;
  /** CPU spent from the kill until every screen was back, by whom: the machine's cores are shared. */
  cpu?: RecoveryCpu;
};

/** What the restart cost the machine, µs of CPU, over `elapsedMs` on `cores` cores. */
export interface RecoveryCpu {
  readonly elapsedMs: number;
  readonly cores: number;
  /** The restarted server process (and its workers), from its start. */
  readonly serverMicros: number;
  readonly postgresMicros: number;
  /** The bench's own process: the simulated screens' threads, and the change stream. */
  readonly benchMicros: number;
  /** Write system calls of the restarted server (and its workers), from its start. */
  readonly serverWrites: number;
  /** How many screens came back. */
  readonly screens: number;
  /**
   * Each second after the kill: how busy the restarted server was (its CPU, in cores; NaN in a
   * second its process was killed or replaced) and the simulated screens' threads (the busiest
   * thread's event loop, 0–1): who held the screens back.
   */
  readonly bySecond: readonly { readonly serverCores: number; readonly screensBusy: number }[];
}

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const ms = (v: number) => `${number.format(v)} ms`;
const micros = (v: number | undefined) => (v === undefined ? '—' : `${number.format(v)} µs`);
const kib = (v: number) => `${number.format(v / 1024)} KiB`;
const ratioOf = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined && b > 0 && Number.isFinite(a / b) ? a / b : Number.NaN;
const ratio = (a: number | undefined, b: number | undefined) => {
  const r = ratioOf(a, b);
  return Number.isNaN(r) ? '—' : `${number.format(r)}×`;
};

const cpuPerFrame = (side: SideFigures) =>
  side.serverCpuMicros === undefined
    ? undefined
    : side.serverCpuMicros / Math.max(1, side.delivery.framesInWindow);

export function fleetTable(f: FleetFigures): string {
  const cb = f.careboard;
  const raw = f.raw;
  const rows: [string, string, string, string][] = [
    ['', 'careboard', 'bare ws', 'careboard / bare'],
    [
      'commit → visible p50',
      ms(cb.delivery.latency.p50),
      ms(raw.delivery.latency.p50),
      ratio(cb.delivery.latency.p50, raw.delivery.latency.p50),
    ],
    [
      'commit → visible p99',
      ms(cb.delivery.latency.p99),
      ms(raw.delivery.latency.p99),
      ratio(cb.delivery.latency.p99, raw.delivery.latency.p99),
    ],
    [
      'commit → visible max',
      ms(cb.delivery.latency.max),
      ms(raw.delivery.latency.max),
      ratio(cb.delivery.latency.max, raw.delivery.latency.max),
    ],
    [
      'server CPU per delivered frame',
      micros(cpuPerFrame(cb)),
      micros(cpuPerFrame(raw)),
      ratio(cpuPerFrame(cb), cpuPerFrame(raw)),
    ],
    [
      'server CPU per screen connecting',
      micros(cb.cpuPerConnectingScreen),
      micros(raw.cpuPerConnectingScreen),
      ratio(cb.cpuPerConnectingScreen, raw.cpuPerConnectingScreen),
    ],
    [
      'server write calls per screen connecting',
      number.format(cb.writesPerConnectingScreen),
      number.format(raw.writesPerConnectingScreen),
      ratio(cb.writesPerConnectingScreen, raw.writesPerConnectingScreen),
    ],
    [
      'server memory per idle screen',
      kib(cb.bytesPerIdleScreen),
      kib(raw.bytesPerIdleScreen),
      ratio(cb.bytesPerIdleScreen, raw.bytesPerIdleScreen),
    ],
    ['PostgreSQL CPU per change', micros(f.postgresCpuMicros / Math.max(1, f.changes)), '—', ''],
    [
      'frames delivered (change window)',
      whole.format(cb.delivery.framesInWindow),
      whole.format(raw.delivery.framesInWindow),
      '',
    ],
    [
      'change frames timed',
      whole.format(cb.delivery.latency.visible),
      whole.format(raw.delivery.latency.visible),
      '',
    ],
    ['screens reconnected', whole.format(cb.reconnections), whole.format(raw.reconnections), ''],
    [
      'sockets opened, given up on a late pong',
      `${whole.format(cb.sockets.opened)}, ${whole.format(cb.sockets.pongTimeouts)}`,
      `${whole.format(raw.sockets.opened)}, ${whole.format(raw.sockets.pongTimeouts)}`,
      '',
    ],
    [
      'lost, duplicates, failures',
      `${cb.delivery.lost}, ${cb.delivery.duplicates}, ${cb.failures}`,
      `${raw.delivery.lost}, ${raw.delivery.duplicates}, ${raw.failures}`,
      '',
    ],
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c]?.length ?? 0)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  const o = f.options;
  const counts = Object.entries(f.counts)
    .map(([action, n]) => `${action} ${n}`)
    .join(', ');
  return [
    `Fleet: ${whole.format(f.screens)} screens = ${o.customers} customers × ${o.boardsPerType * 4} boards (${o.boardsPerType} of each type) × ${o.screensPerBoard} screens; ${o.nodes} server process(es)${o.serverFirst ? '; the server side ahead of the screens on the CPU (nice 0 against 10)' : ''}`,
    `Changes: ${f.changes} in ${number.format(f.windowMs / 1000)} s (${counts}); ${f.late} started late${f.failedChanges.count > 0 ? `; ${f.failedChanges.count} refused by the store (${f.failedChanges.first ?? ''})` : ''}; Node ${process.version}, ${availableParallelism()} CPUs, ${o.clientThreads} screen thread(s)`,
    '',
    ...rows.map(line),
    ...(cb.delivery.unattributed > 0
      ? [`(${cb.delivery.unattributed} change frames named a version the bench did not commit)`]
      : []),
  ].join('\n');
}

export function recoveryLine(f: FleetFigures): string | undefined {
  const r = f.recovery;
  if (!r) return undefined;
  const raw = f.rawRecovery;
  return [
    restartLines('restart', r, 'answered /ready', 'live and caught up'),
    ...(raw
      ? [
          restartLines('restart, bare ws', raw, 'listened', 'had a frame on its new socket'),
          `restart: careboard / bare: every screen back ${number.format(r.back.lastMs / 1000)} s against ` +
            `${number.format(raw.back.lastMs / 1000)} s after the kill (${ratio(r.back.lastMs, raw.back.lastMs)}); ` +
            `median ${number.format(r.back.p50Ms / 1000)} s against ${number.format(raw.back.p50Ms / 1000)} s (${ratio(r.back.p50Ms, raw.back.p50Ms)})`,
        ]
      : []),
  ].join('\n');
}

function restartLines(label: string, r: RestartFigures, ready: string, back: string): string {
  return (
    `${label}: server killed and started again; it ${ready} ${number.format(r.readyMs / 1000)} s after the kill; ` +
    `every screen ${back} ${number.format(r.back.lastMs / 1000)} s after it (median ${number.format(r.back.p50Ms / 1000)} s); ` +
    `${r.notRecovered} screens never came back; ` +
    `the kernel dropped ${whole.format(r.droppedConnections)} connection attempts from the full accept queue meanwhile ` +
    `and ${whole.format(r.failedConnections)} failed before they were established (refused while nothing listened)\n` +
    `${label}: screens back in each second after the kill: ${r.backBySecond.map((n, s) => `${s} s ${n}`).join(', ')}\n` +
    `${label}: the screens' new connections, after the kill: sockets opened ${stageText(r.opened)}` +
    (Number.isNaN(r.acknowledged.lastMs) ? '' : `, acknowledged ${stageText(r.acknowledged)}`) +
    `, first frame ${stageText(r.back)}` +
    (r.cpu ? `\n${cpuLine(label, r.cpu)}` : '')
  );
}

/** When the screens reached a stage: "4.8–7.8 s (median 5.6 s)". */
function stageText(spread: StageSpread): string {
  const s = (ms: number) => number.format(ms / 1000);
  return `${s(spread.firstMs)}–${s(spread.lastMs)} s (median ${s(spread.p50Ms)} s)`;
}

/** Who used the machine while the screens came back: the bound a shared machine puts on the restart. */
function cpuLine(label: string, c: RecoveryCpu): string {
  const s = (micros: number) => `${number.format(micros / 1e6)} s`;
  const capacity = (c.elapsedMs / 1000) * c.cores * 1e6;
  const used = c.serverMicros + c.postgresMicros + c.benchMicros;
  return (
    `${label}: CPU from the kill until every screen was back (${s(c.elapsedMs * 1000)} on ${c.cores} cores, ${s(capacity)} at most): ` +
    `the server ${s(c.serverMicros)} (its start included), PostgreSQL ${s(c.postgresMicros)}, ` +
    `the bench's simulated screens and change stream ${s(c.benchMicros)}; ${whole.format((100 * used) / capacity)} % of the machine; ` +
    `the server's write calls ${whole.format(c.serverWrites)} (${number.format(c.serverWrites / c.screens)} a screen)\n` +
    `${label}: each second after the kill, the server's CPU in cores / the busiest screen thread's event loop: ` +
    c.bySecond
      .map(
        (b, second) =>
          `${second} s ${Number.isNaN(b.serverCores) ? '—' : number.format(b.serverCores)}/${whole.format(100 * b.screensBusy)} %`,
      )
      .join(', ')
  );
}

/** The last line: one machine-readable summary. */
export function summaryLine(f: FleetFigures): string {
  const fixed = (v: number) => (Number.isNaN(v) ? 'NaN' : v.toFixed(2));
  const p99 = ratioOf(f.careboard.delivery.latency.p99, f.raw.delivery.latency.p99);
  const cpu = ratioOf(cpuPerFrame(f.careboard), cpuPerFrame(f.raw));
  return (
    `fleet: screens=${f.screens} p99_ratio=${fixed(p99)} cpu_ratio=${fixed(cpu)} ` +
    `kib_per_screen=${fixed(f.careboard.bytesPerIdleScreen / 1024)} ` +
    `lost=${f.careboard.delivery.lost} duplicates=${f.careboard.delivery.duplicates}`
  );
}
