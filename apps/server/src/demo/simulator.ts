import type { Logger } from 'pino';
import type { Db } from '../store/database.ts';
import type { Random } from './random.ts';
import type { StepReport } from './simulator-context.ts';
import { STEP_SEC, simulateStep } from './simulator-step.ts';

export interface SimulatorOptions {
  readonly db: Db;
  readonly customerId: string;
  /** Config.simulatorRate: 1 real time, 10 ten times faster, 0 off. */
  readonly rate: number;
  readonly log: Logger;
  /** Math.random unless a test seeds one. */
  readonly random?: Random;
  /** The clock; a test moves it on by hand. */
  readonly now?: () => Date;
}

export interface Simulator {
  /** Stops scheduling and waits for a step under way to finish. */
  stop(): Promise<void>;
}

/** Fast rates would otherwise hammer the database; each step then covers more simulated time. */
const MIN_INTERVAL_MS = 100;

/**
 * Runs the demo's simulator: every STEP_SEC simulated seconds (STEP_SEC / rate real
 * seconds) patients arrive, move through their phases, get called to stations and
 * leave, and assets move, all through the services so each change lands in the
 * change log. Steps never overlap; the timer does not keep the process alive (decision API-13).
 */
export function startSimulator(options: SimulatorOptions): Simulator {
  if (!(options.rate > 0)) return { stop: async () => undefined };
  const intervalMs = Math.max(MIN_INTERVAL_MS, (STEP_SEC * 1000) / options.rate);
  const context = {
    db: options.db,
    customerId: options.customerId,
    rate: options.rate,
    stepSec: (intervalMs / 1000) * options.rate,
    log: options.log,
    random: options.random ?? Math.random,
    now: options.now ?? (() => new Date()),
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  const tick = () => {
    running = simulateStep(context)
      .then((report) => logFailures(options.log, report))
      .catch((error: unknown) => options.log.warn({ err: error }, 'simulator step failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule();
      });
  };

  options.log.info({ customer: options.customerId, rate: options.rate, intervalMs }, 'simulator started');
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Each change and failure is logged where it happens; a step with failures adds a summary. */
function logFailures(log: Logger, report: StepReport): void {
  if (report.failed > 0) log.debug({ ...report }, 'simulator step had failures');
}
