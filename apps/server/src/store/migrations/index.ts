import type { Migration } from 'kysely';
import * as customers from './0001-customers.ts';

/** Every migration in order; names sort in the order they run. */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '0001-customers': customers,
});
