import type { Logger } from 'pino';
import type { Db } from '../store/database.ts';
import type { Random } from './random.ts';

/** What one simulated step works with. */
export interface StepContext {
  readonly db: Db;
  readonly customerId: string;
  /** Simulated seconds per real second. */
  readonly rate: number;
  /** Simulated seconds since the previous step: scales the chance of an arrival or an asset move. */
  readonly stepSec: number;
  readonly log: Logger;
  readonly random: Random;
  readonly now: () => Date;
}

/** What one step did, counted. */
export interface StepReport {
  arrived: number;
  moved: number;
  called: number;
  completed: number;
  assetsMoved: number;
  /** Staff badges seen with a patient. */
  staffMoved: number;
  failed: number;
}
