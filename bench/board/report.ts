import { percentile } from '../fanout/stats.ts';
import type { FrameSample } from './probe.ts';

/**
 * The budget (docs/operations.md, Targets): one change on a 500-row workflow board under 8 ms of
 * main thread, 4× throttled.
 */
export const BUDGET_MS = 8;

export interface Series {
  readonly label: string;
  /** A single change, held to the budget (the snapshot is the baseline, not held to it). */
  readonly change: boolean;
  readonly samples: readonly FrameSample[];
}

export interface RunFacts {
  readonly rows: number;
  readonly runs: number;
  readonly throttling: number;
  readonly viewport: string;
  /** Patient rows in the DOM (the page on screen). */
  readonly onScreen: number;
  readonly pageText: string;
}

const number = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ms = (value: number) => `${number.format(value)} ms`;

function summary(samples: readonly FrameSample[]) {
  const sorted = Float64Array.from(samples.map((sample) => sample.ms)).sort();
  return {
    median: percentile(sorted, 0.5),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p90: percentile(sorted, 0.9),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    kib: (samples[0]?.bytes ?? 0) / 1024,
    split: [0, 1, 2].map((part) =>
      percentile(Float64Array.from(samples.map((sample) => sample.split[part] ?? Number.NaN)).sort(), 0.5),
    ),
  };
}

/** The figures as a table, the ratio of one change to the snapshot, and the budget verdict. */
export function formatReport(series: readonly Series[], facts: RunFacts): string {
  const width = Math.max(...series.map((s) => s.label.length));
  const head = `${'main thread per frame'.padEnd(width)}  ${['median', 'mean', 'p90', 'min', 'max'].map((h) => h.padStart(9)).join(' ')}  frame       handler / React / layout (medians)`;
  const lines = series.map((s) => {
    const stats = summary(s.samples);
    const cells = [stats.median, stats.mean, stats.p90, stats.min, stats.max].map((value) =>
      ms(value).padStart(9),
    );
    const split = stats.split.map((value) => number.format(value)).join(' / ');
    return `${s.label.padEnd(width)}  ${cells.join(' ')}  ${`${number.format(stats.kib)} KiB`.padEnd(10)}  ${split} ms`;
  });
  const medians = series.map((s) => summary(s.samples).median);
  const [change, , baseline] = medians;
  const ratio = change !== undefined && baseline ? change / baseline : Number.NaN;
  const verdicts = series
    .map((s, index) => ({ label: s.label, median: medians[index] ?? Number.NaN, change: s.change }))
    .filter((s) => s.change)
    .map((s) =>
      facts.throttling !== 4
        ? `${s.label}: the budget is set at 4× throttling (this run: ${facts.throttling}×)`
        : `${s.label}: ${s.median < BUDGET_MS ? 'within budget' : 'OVER BUDGET'} (${ms(s.median)} vs ${BUDGET_MS} ms)`,
    );
  return [
    `bench:board — workflow board with ${facts.rows} patients, Chromium, ${facts.throttling}× CPU throttling, ${facts.viewport}, ${facts.runs} runs each`,
    `measured in the page: socket message → frame parsed → store → React render and commit → forced style and layout (paint excluded)`,
    `rows in the DOM: ${facts.onScreen} (${facts.pageText}); rows render by key, the order from a list of keys`,
    '',
    head,
    ...lines,
    '',
    `ratio, one change (place) / full snapshot: ${number.format(ratio)} (medians)`,
    `budget, one change under ${BUDGET_MS} ms (medians):`,
    ...verdicts.map((line) => `  ${line}`),
  ].join('\n');
}
