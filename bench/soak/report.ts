import type { MemorySample } from './sample.ts';

/** Heap change within noise: under 1 MB, or under 5 % of the first sample. */
const HEAP_NOISE_BYTES = 1024 * 1024;
const HEAP_NOISE_SHARE = 0.05;
/** DOM node change within noise: under 2 % of the first sample. */
const NODES_NOISE_SHARE = 0.02;

export interface PageSeries {
  readonly label: string;
  /** After the warm-up sample: the first here is the soak's "first". */
  readonly samples: readonly MemorySample[];
}

export interface SoakFacts {
  readonly minutes: number;
  readonly sampleSec: number;
  readonly rate: number;
  /** What the simulator changed during the measured part of the soak. */
  readonly changes: string;
}

/** Least-squares slope of `y` over the samples' time, per hour. */
export function slopePerHour(samples: readonly MemorySample[], y: (sample: MemorySample) => number): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const hours = samples.map((sample) => sample.atSec / 3600);
  const meanX = hours.reduce((sum, x) => sum + x, 0) / n;
  const meanY = samples.reduce((sum, sample) => sum + y(sample), 0) / n;
  let covariance = 0;
  let variance = 0;
  samples.forEach((sample, index) => {
    const dx = (hours[index] ?? 0) - meanX;
    covariance += dx * (y(sample) - meanY);
    variance += dx * dx;
  });
  return variance > 0 ? covariance / variance : Number.NaN;
}

interface Metric {
  readonly name: string;
  readonly value: (sample: MemorySample) => number;
  readonly format: (value: number) => string;
}

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const two = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const three = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);
const mb = (bytes: number) => `${two.format(bytes / 1024 / 1024)} MB`;

const METRICS: readonly Metric[] = [
  { name: 'JS heap used', value: (s) => s.heapBytes, format: mb },
  { name: 'DOM nodes (all live)', value: (s) => s.nodes, format: (v) => whole.format(v) },
  { name: 'DOM nodes in document', value: (s) => s.inDocument, format: (v) => whole.format(v) },
  { name: 'event listeners', value: (s) => s.listeners, format: (v) => whole.format(v) },
];

function ends(series: PageSeries): [MemorySample, MemorySample] {
  const first = series.samples[0];
  const last = series.samples[series.samples.length - 1];
  if (!first || !last) throw new Error(`No samples for ${series.label}.`);
  return [first, last];
}

const ratioOf = (series: PageSeries, metric: Metric) => {
  const [first, last] = ends(series);
  return metric.value(last) / metric.value(first);
};

/** The noise rule of the header, applied to one page's first and last samples. */
export function verdict(series: PageSeries): string {
  const [first, last] = ends(series);
  const heapChange = last.heapBytes - first.heapBytes;
  const heapQuiet =
    Math.abs(heapChange) < HEAP_NOISE_BYTES || Math.abs(heapChange) < HEAP_NOISE_SHARE * first.heapBytes;
  const nodesChange = last.nodes - first.nodes;
  // Nodes the document gained (more patients on screen) are content, not a leak; nodes held outside it are.
  const heldChange = nodesChange - (last.inDocument - first.inDocument);
  const nodesQuiet =
    Math.abs(nodesChange) < NODES_NOISE_SHARE * first.nodes || heldChange < NODES_NOISE_SHARE * first.nodes;
  const why = [
    `heap ${signed(mb(heapChange), heapChange)}`,
    `nodes ${signed(whole.format(nodesChange), nodesChange)}`,
    `held outside the document ${signed(whole.format(heldChange), heldChange)}`,
  ].join(', ');
  return `${heapQuiet && nodesQuiet ? 'no growth' : 'GROWTH'} (${why})`;
}

function pageTable(series: PageSeries, baseline: PageSeries): string[] {
  const [first, last] = ends(series);
  const head = [
    'metric'.padEnd(22),
    'first'.padStart(10),
    'last'.padStart(10),
    'change'.padStart(10),
    'slope/h'.padStart(11),
    'last/first'.padStart(10),
    'baseline'.padStart(9),
    'ratio'.padStart(7),
  ].join(' ');
  const rows = METRICS.map((metric) => {
    const change = metric.value(last) - metric.value(first);
    const slope = slopePerHour(series.samples, metric.value);
    const ratio = ratioOf(series, metric);
    const base = ratioOf(baseline, metric);
    return [
      metric.name.padEnd(22),
      metric.format(metric.value(first)).padStart(10),
      metric.format(metric.value(last)).padStart(10),
      signed(metric.format(change), change).padStart(10),
      signed(metric.format(slope), slope).padStart(11),
      three.format(ratio).padStart(10),
      three.format(base).padStart(9),
      three.format(ratio / base).padStart(7),
    ].join(' ');
  });
  return [
    `${series.label}: ${series.samples.length} samples over ${whole.format(last.atSec - first.atSec)} s`,
    head,
    ...rows,
  ];
}

export function formatReport(boards: readonly PageSeries[], baseline: PageSeries, facts: SoakFacts): string {
  return [
    `bench:soak — the four demo boards in Debian's Chromium for ${facts.minutes} min, the demo simulator at ${facts.rate}× (${facts.changes})`,
    `each sample: two forced full GCs (CDP HeapProfiler.collectGarbage), then Performance.getMetrics (JSHeapUsedSize, Nodes, JSEventListeners)`,
    `  and the nodes under the document; a sample every ${facts.sampleSec} s; the first, taken once every board is live, is the warm-up and is left out`,
    `first: the sample after the warm-up; slope/h: least squares over the samples from it on`,
    `baseline: the same app, signed in the same way, on /?id=999 ('Display board does not exist.'), soaked alongside in the same browser:`,
    `  the same runtime, session and token renewal, GC and CPU contention, and no live data; its last/first is what the method itself drifts`,
    `ratio: the board's last/first over the baseline's (1.000: drifts no more than an idle page)`,
    `no growth: heap change under 1 MB or under 5 %, and DOM nodes (all live) change under 2 % or the nodes held outside the document grow by under 2 %`,
    `  (nodes the document itself gains are what the board shows, e.g. more patients in progress, not a leak)`,
    '',
    ...boards.flatMap((series) => [...pageTable(series, baseline), `verdict: ${verdict(series)}`, '']),
    ...pageTable(baseline, baseline),
  ].join('\n');
}
