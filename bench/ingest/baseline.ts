import pg from 'pg';
import type { Options } from './options.ts';
import type { BenchSetup } from './setup.ts';
import { CUSTOMER } from './setup.ts';
import { SightingSource } from './sightings.ts';

export interface BaselineResult {
  readonly written: number;
  readonly elapsedMs: number;
  /** PostgreSQL's CPU over the run. */
  readonly postgresCpuMicros: number;
}

/**
 * The least a sighting can cost: the same batches written straight into `tags` by one
 * set-based UPDATE each (no HTTP, no signature, no rules, no change log, no audit), as fast as
 * `concurrency` connections go, for the same time. Careboard's throughput is reported against it.
 */
export async function runBaseline(
  options: Options,
  setup: BenchSetup,
  databaseUrl: string,
  postgresCpuMicros: () => number,
): Promise<BaselineResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.concurrency });
  const source = new SightingSource(setup.tags, setup.sensors, options.movePercent);
  let written = 0;
  const cpu0 = postgresCpuMicros();
  const start = performance.now();
  const end = start + options.seconds * 1000;
  try {
    const worker = async () => {
      while (performance.now() < end) {
        const batch = source.take(options.batch, new Date());
        await pool.query(
          `UPDATE tags t SET last_seen_at = s.seen_at, location_id = se.location_id, sensor_id = se.id,
                  battery_low = s.battery < 20
             FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::int[]) AS s(tag, sensor, seen_at, battery)
             JOIN sensors se ON se.customer_id = $1 AND se.identifier = s.sensor
            WHERE t.customer_id = $1 AND t.label = s.tag
              AND (t.last_seen_at IS NULL OR t.last_seen_at < s.seen_at)`,
          [
            CUSTOMER,
            batch.map((s) => s.tag),
            batch.map((s) => s.sensor),
            batch.map((s) => s.seen_at),
            batch.map((s) => s.battery_percent),
          ],
        );
        written += batch.length;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    await pool.end();
  }
  return { written, elapsedMs: performance.now() - start, postgresCpuMicros: postgresCpuMicros() - cpu0 };
}
