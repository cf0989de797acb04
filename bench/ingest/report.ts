import { percentile } from '../fanout/stats.ts';
import type { BaselineResult } from './baseline.ts';
import type { LoadResult } from './load.ts';
import type { Options } from './options.ts';

/** The feeds' goal on one node of this machine (docs/operations.md, Targets). */
export const GOAL = { sightingsPerSec: 5_000, p99Ms: 500 } as const;

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);

export interface CpuUse {
  readonly serverCpuMicros: number;
  readonly postgresCpuMicros: number;
}

/** The figures, a verdict against the goal, and one machine-readable last line. */
export function report(options: Options, load: LoadResult, baseline: BaselineResult, cpu: CpuUse): string {
  const perSec = (load.acknowledged / load.elapsedMs) * 1000;
  const basePerSec = (baseline.written / baseline.elapsedMs) * 1000;
  const probes = Float64Array.from(load.probeMs).sort();
  const batches = Float64Array.from(load.batchMs).sort();
  const p50 = percentile(probes, 0.5);
  const p99 = percentile(probes, 0.99);
  const perSighting = (micros: number) => (load.acknowledged > 0 ? micros / load.acknowledged : Number.NaN);
  const cpuPerSighting = perSighting(cpu.serverCpuMicros + cpu.postgresCpuMicros);
  const bareCpuPerSighting =
    baseline.written > 0 ? baseline.postgresCpuMicros / baseline.written : Number.NaN;
  const cpuRatio = cpuPerSighting / bareCpuPerSighting;
  const met = perSec >= GOAL.sightingsPerSec * 0.98 && p99 < GOAL.p99Ms;
  const lines = [
    '',
    `bench:ingest — ${options.rate} sightings/s offered for ${options.seconds} s, batches of ${options.batch}, ${options.tags} tags, ${options.movePercent}% moves, ${options.concurrency} in flight`,
    '',
    `  sightings acknowledged        ${load.acknowledged} of ${load.offered} offered (${load.failedBatches} batches failed)`,
    `  sustained                     ${perSec.toFixed(0)} sightings/s`,
    `  webhook answer p50 / p99      ${ms(percentile(batches, 0.5))} / ${ms(percentile(batches, 0.99))}`,
    `  sighting → board p50 / p99    ${ms(p50)} / ${ms(p99)}  (max ${ms(probes.at(-1) ?? Number.NaN)}, ${probes.length} probes, ${load.probesLost} lost)`,
    `  server CPU per sighting       ${perSighting(cpu.serverCpuMicros).toFixed(1)} µs`,
    `  PostgreSQL CPU per sighting   ${perSighting(cpu.postgresCpuMicros).toFixed(1)} µs`,
    `  bare UPDATE of the batches    ${basePerSec.toFixed(0)} sightings/s flat out, ${bareCpuPerSighting.toFixed(1)} µs of PostgreSQL CPU per sighting`,
    `  CPU per sighting vs bare      ${cpuPerSighting.toFixed(1)} µs (server + PostgreSQL) / ${bareCpuPerSighting.toFixed(1)} µs = ${cpuRatio.toFixed(1)}×`,
    '',
    `  goal ${GOAL.sightingsPerSec} sightings/s with p99 < ${GOAL.p99Ms} ms: ${met ? 'met' : 'missed'}`,
    '',
    `ingest: sightings_per_sec=${perSec.toFixed(0)} p50_ms=${p50.toFixed(1)} p99_ms=${p99.toFixed(1)} cpu_ratio=${cpuRatio.toFixed(1)} lost_probes=${load.probesLost}`,
    '',
  ];
  return lines.join('\n');
}
