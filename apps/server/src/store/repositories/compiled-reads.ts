import type { CompiledQuery } from 'kysely';
import type { Db } from '../database.ts';

/** Board reads compiled and kept; past this many, the kept ones are forgotten and compiled again as asked. */
const MOST_KEPT = 1_000;
const kept = new Map<string, CompiledQuery<unknown>>();

/**
 * Runs a read whose SQL and parameters are a function of `key` alone (a board read: the customer,
 * the scope, a limit), built and compiled the first time only (decision LIVE-43): every change
 * reads the same few queries again for every scope it touches, and building one with Kysely took
 * about 50 µs of the event loop, on the way from the commit to the screens. What is kept is the
 * query, never its rows.
 */
export async function readCompiled<O>(
  db: Db,
  key: string,
  build: () => { compile(): CompiledQuery<O> },
): Promise<O[]> {
  let compiled = kept.get(key) as CompiledQuery<O> | undefined;
  if (!compiled) {
    if (kept.size >= MOST_KEPT) kept.clear();
    compiled = build().compile();
    kept.set(key, compiled);
  }
  return (await db.executeQuery(compiled)).rows;
}

/** How many compiled reads are kept (for tests). */
export function compiledReadsKept(): number {
  return kept.size;
}
