import { sql } from 'kysely';
import type { Db } from './database.ts';
import { pruneFeedMessages } from './feed-message-pruning.ts';

const DAY_MS = 86_400_000;
const BATCH = 5_000;
/** The platform's own audit events (no customer) are kept as a customer's are by default. */
const DEFAULT_AUDIT_YEARS = 6;

/** What one retention round did: counts only, never a name (BOF-56). */
export interface RetentionCounts {
  /** Completed visits whose names and identifiers were taken off. */
  readonly visits: number;
  /** Ended expected patients' rows whose names and identifiers were taken off. */
  readonly expected_visits: number;
  readonly feed_messages: number;
  readonly audit_events: number;
}

interface CustomerRetention {
  readonly id: string;
  readonly visit_name_retention_days: number;
  readonly audit_retention_years: number;
}

/**
 * One retention round over every customer (decisions BOF-55, BOF-56): completed visits and ended
 * expected rows older than the customer's `visit_name_retention_days` lose the patient's names,
 * family code and the EHR's identifiers while the rows, their phase history, calls and staff stay
 * (the averages and the counts still have them); feed messages go after
 * `feed_message_retention_days` (FEED-07); audit events older than `audit_retention_years` go.
 * In short batches, each its own statement, so no long lock is held.
 */
export async function pruneRetention(
  db: Db,
  now: Date = new Date(),
  batch = BATCH,
): Promise<RetentionCounts> {
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'visit_name_retention_days', 'audit_retention_years'])
    .orderBy('id')
    .execute();
  let visits = 0;
  let expected = 0;
  let audit = 0;
  for (const customer of customers) {
    const namesBefore = new Date(now.getTime() - customer.visit_name_retention_days * DAY_MS);
    visits += await removeVisitNames(db, customer, namesBefore, now, batch);
    expected += await removeExpectedVisitNames(db, customer, namesBefore, now, batch);
    audit += await deleteAuditEvents(
      db,
      customer.id,
      yearsBefore(now, customer.audit_retention_years),
      batch,
    );
  }
  audit += await deleteAuditEvents(db, null, yearsBefore(now, DEFAULT_AUDIT_YEARS), batch);
  const feedMessages = await pruneFeedMessages(db, now);
  return { visits, expected_visits: expected, feed_messages: feedMessages, audit_events: audit };
}

/** The same calendar day `years` years before (29 February gives 1 March). */
function yearsBefore(now: Date, years: number): Date {
  const before = new Date(now.getTime());
  before.setUTCFullYear(before.getUTCFullYear() - years);
  return before;
}

/** Repeats a batched statement until a batch is short; the rows it touched in all. */
async function inBatches(batch: number, run: () => Promise<bigint | undefined>): Promise<number> {
  let total = 0;
  for (;;) {
    const touched = Number((await run()) ?? 0n);
    total += touched;
    if (touched < batch) return total;
  }
}

/**
 * Names emptied (the columns are NOT NULL, and every reader takes a string), the EHR's visit
 * number and patient identifier nulled: a late ADT message then finds no visit to reopen or
 * rename, and a de-identified visit is never in progress again.
 */
function removeVisitNames(
  db: Db,
  customer: CustomerRetention,
  before: Date,
  now: Date,
  batch: number,
): Promise<number> {
  return inBatches(batch, async () => {
    const result = await sql`
      UPDATE visits SET first_name = '', last_name = '', display_name = '', family_code = '',
        external_id = NULL, external_patient_id = NULL, names_removed_at = ${now}
      WHERE id IN (
        SELECT id FROM visits
        WHERE customer_id = ${customer.id} AND completed_at IS NOT NULL AND names_removed_at IS NULL
          AND completed_at < ${before}
        ORDER BY id
        LIMIT ${batch}
      )`.execute(db);
    return result.numAffectedRows;
  });
}

/** An ended expected row (arrived, cancelled, no-show, deleted) is told apart by nothing after this. */
function removeExpectedVisitNames(
  db: Db,
  customer: CustomerRetention,
  before: Date,
  now: Date,
  batch: number,
): Promise<number> {
  return inBatches(batch, async () => {
    const result = await sql`
      UPDATE expected_visits SET first_name = '', last_name = '', display_name = '', external_id = '',
        external_patient_id = NULL, names_removed_at = ${now}
      WHERE id IN (
        SELECT id FROM expected_visits
        WHERE customer_id = ${customer.id} AND ended_at IS NOT NULL AND names_removed_at IS NULL
          AND ended_at < ${before}
        ORDER BY id
        LIMIT ${batch}
      )`.execute(db);
    return result.numAffectedRows;
  });
}

function deleteAuditEvents(db: Db, customerId: string | null, before: Date, batch: number): Promise<number> {
  const owner = customerId === null ? sql`customer_id IS NULL` : sql`customer_id = ${customerId}`;
  return inBatches(batch, async () => {
    const result = await sql`
      DELETE FROM audit_events WHERE id IN (
        SELECT id FROM audit_events WHERE ${owner} AND at < ${before} ORDER BY id LIMIT ${batch}
      )`.execute(db);
    return result.numAffectedRows;
  });
}
