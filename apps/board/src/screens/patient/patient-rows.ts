import type { CallRow, MessageRow, PatientBoardRow } from '@careboard/contracts';

/** With no call in this long, the board shows its idle view (clock, organization, welcome). */
export const IDLE_AFTER_MS = 10 * 60_000;

/**
 * A call first seen later than this after it was made is shown but not
 * announced: after a long outage the board catches up silently rather than
 * send people to stations long after they were called.
 */
export const ANNOUNCE_WITHIN_MS = 10 * 60_000;

export function isCall(row: PatientBoardRow): row is CallRow {
  return row.type === 'call';
}

export function isMessage(row: PatientBoardRow): row is MessageRow {
  return row.type === 'message';
}

/** Oldest first; the call id breaks ties (two calls in the same millisecond keep the order they were made in). */
export function byCallOrder(a: CallRow, b: CallRow): number {
  return Date.parse(a.called_at) - Date.parse(b.called_at) || a.call_id - b.call_id;
}

export function callsNewestFirst(rows: readonly PatientBoardRow[]): CallRow[] {
  return rows.filter(isCall).sort((a, b) => byCallOrder(b, a));
}

/** The keys of the calls before the newest, newest first: what the earlier-calls panel lists. */
export function earlierCallKeys(rows: readonly PatientBoardRow[]): string[] {
  return callsNewestFirst(rows)
    .slice(1)
    .map((call) => call.key);
}

export function messagesOf(rows: readonly PatientBoardRow[]): MessageRow[] {
  return rows.filter(isMessage).sort((a, b) => a.message_id - b.message_id);
}

/** A message without an end date stays until it is removed. */
export function isMessageActive(message: MessageRow, now: number): boolean {
  return message.expires_at === null || Date.parse(message.expires_at) > now;
}

/** No call, or the newest older than IDLE_AFTER_MS. */
export function isIdle(newestCalledAt: string | undefined, now: number): boolean {
  return newestCalledAt === undefined || now - Date.parse(newestCalledAt) > IDLE_AFTER_MS;
}

export function isRecentEnoughToAnnounce(call: CallRow, now: number): boolean {
  return now - Date.parse(call.called_at) <= ANNOUNCE_WITHIN_MS;
}

/**
 * The calls to announce in a new set of rows: those not among the keys seen
 * before, in the order they were made. Answers them and the keys to remember
 * (only the calls present now: a call that left the list never comes back, so
 * the set does not grow over months).
 */
export function newCalls(
  calls: readonly CallRow[],
  seen: ReadonlySet<string>,
): { fresh: CallRow[]; seen: Set<string> } {
  const fresh = calls.filter((call) => !seen.has(call.key)).sort(byCallOrder);
  return { fresh, seen: new Set(calls.map((call) => call.key)) };
}
