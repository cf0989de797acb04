import { parseArgs } from 'node:util';

export interface Options {
  /** Length of the soak, from the first (warm-up) sample to the last. */
  readonly minutes: number;
  readonly sampleSec: number;
  /** CAREBOARD_SIMULATOR_RATE: 30 makes a simulated minute pass every two seconds. */
  readonly rate: number;
}

const USAGE = 'Usage: npm run bench:soak -- [--minutes 10] [--sample-sec 30] [--rate 30]';

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`--${name} must be a positive number.\n${USAGE}`);
  return parsed;
}

export function readOptions(args: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...args],
    options: {
      minutes: { type: 'string' },
      'sample-sec': { type: 'string' },
      rate: { type: 'string' },
    },
    strict: true,
  });
  const options = {
    minutes: positive('minutes', values.minutes, 10),
    sampleSec: positive('sample-sec', values['sample-sec'], 30),
    rate: positive('rate', values.rate, 30),
  };
  if (options.rate > 1000) throw new Error(`--rate is at most 1000.\n${USAGE}`);
  // Two samples after the warm-up one at least, or there is no change nor slope to speak of.
  if (options.minutes * 60 < 2 * options.sampleSec) {
    throw new Error(`--minutes must cover at least two --sample-sec intervals.\n${USAGE}`);
  }
  return options;
}
