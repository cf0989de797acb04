import { parseArgs } from 'node:util';

export interface Options {
  /** Sightings per second the load offers. */
  readonly rate: number;
  /** How long the load runs. */
  readonly seconds: number;
  /** Sightings per webhook batch. */
  readonly batch: number;
  /** Tags the load cycles through (made for the run). */
  readonly tags: number;
  /** Of each tag's sightings, how many in a hundred see it somewhere new. */
  readonly movePercent: number;
  /** Batches in flight at once at most. */
  readonly concurrency: number;
}

const USAGE = `Usage: npm run bench:ingest -- [--rate 5000] [--seconds 20] [--batch 500] [--tags 5000]
                          [--move-percent 10] [--concurrency 4]`;

function whole(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}.\n${USAGE}`);
  }
  return parsed;
}

export function readOptions(args: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...args],
    options: {
      rate: { type: 'string' },
      seconds: { type: 'string' },
      batch: { type: 'string' },
      tags: { type: 'string' },
      'move-percent': { type: 'string' },
      concurrency: { type: 'string' },
    },
    strict: true,
  });
  return {
    rate: whole('rate', values.rate, 5_000, 1, 100_000),
    // Bounded in time: every load loop ends (at most ten minutes).
    seconds: whole('seconds', values.seconds, 20, 1, 600),
    batch: whole('batch', values.batch, 500, 1, 5_000),
    tags: whole('tags', values.tags, 5_000, 10, 100_000),
    movePercent: whole('move-percent', values['move-percent'], 10, 0, 100),
    concurrency: whole('concurrency', values.concurrency, 4, 1, 64),
  };
}
