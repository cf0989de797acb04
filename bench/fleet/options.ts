import { parseArgs } from 'node:util';
import { wholeOption } from '../bench-runner.ts';

export interface FleetOptions {
  /** Customers, each with its own care setting (the demo's) and boards. */
  readonly customers: number;
  /** Boards of each of the four types per customer. */
  readonly boardsPerType: number;
  /** Screens showing each board. */
  readonly screensPerBoard: number;
  /** Changes a second, over all customers, made through the services. */
  readonly rate: number;
  /** How long the change stream runs. */
  readonly seconds: number;
  /**
   * Worker threads the screens are spread over (whole boards per thread). Two by default: one
   * thread holding 10,000 graphql-ws clients falls behind its own 2 s pong timeouts and reconnects.
   */
  readonly clientThreads: number;
  /** Server processes on one port (Node's cluster); more than 1 needs Redis (started by the bench). */
  readonly nodes: number;
  /** Kill the server half way through the change stream and start it again. */
  readonly restart: boolean;
  /**
   * The server side (PostgreSQL, the server) runs ahead of the simulated screens on the CPU, as on
   * a machine of its own: with --restart, unless --shared-priority (decision LIVE-29).
   */
  readonly serverFirst: boolean;
  /** Run the server under --cpu-prof into this folder and print its heaviest frames. */
  readonly profileDir: string | undefined;
  /** Write the server's heap snapshot at idle, after every screen connected, to this file. */
  readonly heapSnapshot: string | undefined;
  /** Print the statements that took PostgreSQL longest in the change window (pg_stat_statements). */
  readonly pgStatements: boolean;
}

export const USAGE = `Usage: npm run bench:fleet -- [--customers 25] [--boards-per-type 4] [--screens-per-board 25]
                          [--rate 20] [--seconds 30] [--client-threads 2] [--nodes 1]
                          [--restart [--shared-priority]] [--profile <dir>] [--heap-snapshot <file>]
                          [--pg-statements]`;

const whole = (name: string, value: string | undefined, fallback: number, min: number) =>
  wholeOption(name, value, fallback, min, USAGE);

/** Defaults: 25 customers × 16 boards (4 of each type) × 25 screens = 10,000 screens. */
export function readOptions(args: readonly string[]): FleetOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      customers: { type: 'string' },
      'boards-per-type': { type: 'string' },
      'screens-per-board': { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      'client-threads': { type: 'string' },
      nodes: { type: 'string' },
      restart: { type: 'boolean' },
      'shared-priority': { type: 'boolean' },
      profile: { type: 'string' },
      'heap-snapshot': { type: 'string' },
      'pg-statements': { type: 'boolean' },
    },
    strict: true,
  });
  return {
    customers: whole('customers', values.customers, 25, 1),
    boardsPerType: whole('boards-per-type', values['boards-per-type'], 4, 1),
    screensPerBoard: whole('screens-per-board', values['screens-per-board'], 25, 1),
    rate: whole('rate', values.rate, 20, 1),
    seconds: whole('seconds', values.seconds, 30, 4),
    clientThreads: whole('client-threads', values['client-threads'], 2, 1),
    nodes: whole('nodes', values.nodes, 1, 1),
    restart: values.restart ?? false,
    serverFirst: (values.restart ?? false) && !values['shared-priority'],
    profileDir: values.profile,
    heapSnapshot: values['heap-snapshot'],
    pgStatements: values['pg-statements'] ?? false,
  };
}

export function screensOf(options: FleetOptions): number {
  return options.customers * options.boardsPerType * 4 * options.screensPerBoard;
}
