import { availableParallelism } from 'node:os';
import type { RunOptions, RunResult } from './run-options.ts';

/** Product budget (docs/product.md, Targets): p99 commit → visible under 250 ms at 1,000 boards. */
export const BUDGET = { boards: 1_000, p99Ms: 250 } as const;

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

const ms = (value: number) => `${number.format(value)} ms`;
const micros = (value: number) => `${number.format(value)} µs`;
const kib = (value: number) => `${number.format(value / 1024)} KiB`;
const percent = (value: number) => `${whole.format(value * 100)} %`;
const ratio = (a: number, b: number) => (Number.isFinite(a / b) && b > 0 ? `${number.format(a / b)}×` : '—');

interface Row {
  readonly label: string;
  readonly careboard: string;
  readonly raw: string;
  readonly ratio: string;
}

function rows(options: RunOptions, cb: RunResult, raw: RunResult): Row[] {
  // Per board per change: the fan-out's job, whether or not a newer state superseded a change.
  const updates = options.boards * options.changes;
  const cpu = (r: RunResult) => r.serverCpuMicros / updates;
  const row = (label: string, a: number, b: number, format: (v: number) => string): Row => ({
    label,
    careboard: format(a),
    raw: format(b),
    ratio: ratio(a, b),
  });
  const visible = (r: RunResult) => `${whole.format(r.latency.visible)} / ${whole.format(updates)}`;
  const odd = (r: RunResult) => `${r.latency.superseded}, ${r.duplicates}, ${r.failures.count}`;
  return [
    row('latency p50, commit → visible', cb.latency.p50, raw.latency.p50, ms),
    row('latency p99, commit → visible', cb.latency.p99, raw.latency.p99, ms),
    row('latency max', cb.latency.max, raw.latency.max, ms),
    row('server CPU per board per change', cpu(cb), cpu(raw), micros),
    row('server RSS per connection', cb.rssPerConnection, raw.rssPerConnection, kib),
    {
      label: 'PostgreSQL CPU per board per change',
      careboard: micros(cb.otherCpuMicros / updates),
      raw: '—',
      ratio: '—',
    },
    {
      label: 'client threads busy (ELU)',
      careboard: percent(cb.clientBusy),
      raw: percent(raw.clientBusy),
      ratio: '',
    },
    {
      label: 'other processes on the machine (CPUs)',
      careboard: number.format(cb.otherLoadCpus),
      raw: number.format(raw.otherLoadCpus),
      ratio: '',
    },
    { label: 'changes visible on boards', careboard: visible(cb), raw: visible(raw), ratio: '' },
    { label: 'superseded, duplicates, failures', careboard: odd(cb), raw: odd(raw), ratio: '' },
    {
      label: 'bytes per update',
      careboard: whole.format(cb.messageBytes),
      raw: whole.format(raw.messageBytes),
      ratio: '',
    },
  ];
}

export function verdict(boards: number, cb: RunResult): string {
  const p99 = ms(cb.latency.p99);
  if (boards !== BUDGET.boards) {
    return `Budget is p99 < ${BUDGET.p99Ms} ms at ${whole.format(BUDGET.boards)} boards (goal 10,000); here p99 is ${p99} at ${whole.format(boards)} boards.`;
  }
  const met = cb.latency.missing === 0 && cb.latency.p99 < BUDGET.p99Ms;
  return `Budget p99 < ${BUDGET.p99Ms} ms at ${whole.format(BUDGET.boards)} boards: ${met ? 'MET' : 'NOT MET'} (p99 ${p99}).`;
}

export function table(options: RunOptions, cb: RunResult, raw: RunResult): string {
  const all = rows(options, cb, raw);
  const head: Row = { label: '', careboard: 'careboard', raw: 'raw ws', ratio: 'careboard / raw' };
  const width = (pick: (r: Row) => string) => Math.max(...[head, ...all].map((r) => pick(r).length));
  const [l, c, r, q] = [
    width((x) => x.label),
    width((x) => x.careboard),
    width((x) => x.raw),
    width((x) => x.ratio),
  ];
  const line = (x: Row) =>
    `${x.label.padEnd(l)}  ${x.careboard.padStart(c)}  ${x.raw.padStart(r)}  ${x.ratio.padStart(q)}`.trimEnd();
  const title =
    `Fan-out: ${whole.format(options.boards)} boards × ${options.changes} changes, ${options.intervalMs} ms apart; ` +
    `${options.clientThreads} client thread(s); Node ${process.version}, ${availableParallelism()} CPUs`;
  return [title, '', line(head), ...all.map(line), '', verdict(options.boards, cb)].join('\n');
}
