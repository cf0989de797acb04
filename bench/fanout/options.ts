import { parseArgs } from 'node:util';
import { wholeOption } from '../bench-runner.ts';

export interface Options {
  readonly boards: number;
  readonly changes: number;
  readonly intervalMs: number;
  /** Worker threads the boards are spread over; the main thread only makes the changes. */
  readonly clientThreads: number;
  /** Run the server child under --cpu-prof into this folder and print its top frames. */
  readonly profileDir: string | undefined;
}

const USAGE = `Usage: npm run bench:fanout -- [--boards 1000] [--changes 50] [--interval-ms 200]
                           [--client-threads 1] [--profile <dir>]`;

const whole = (name: string, value: string | undefined, fallback: number, min: number) =>
  wholeOption(name, value, fallback, min, USAGE);

export function readOptions(args: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...args],
    options: {
      boards: { type: 'string' },
      changes: { type: 'string' },
      'interval-ms': { type: 'string' },
      'client-threads': { type: 'string' },
      profile: { type: 'string' },
    },
    strict: true,
  });
  return {
    boards: whole('boards', values.boards, 1_000, 1),
    changes: whole('changes', values.changes, 50, 1),
    intervalMs: whole('interval-ms', values['interval-ms'], 200, 0),
    clientThreads: whole('client-threads', values['client-threads'], 1, 1),
    profileDir: values.profile,
  };
}
