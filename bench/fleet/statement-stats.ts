import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/store/database.ts';

/** PostgreSQL settings that load `pg_stat_statements` (shipped with the embedded server) and time planning too. */
export const STATEMENT_STATS_SETTINGS: Readonly<Record<string, string>> = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
  'pg_stat_statements.track_planning': 'on',
};

/** Forgets what was counted so far: the figures start here (the change window). */
export async function resetStatementStats(db: Db): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  await sql`SELECT pg_stat_statements_reset()`.execute(db);
}

interface StatementRow {
  readonly calls: string;
  readonly run_ms: number;
  readonly plan_ms: number;
  readonly rows: string;
  readonly query: string;
}

/**
 * The statements that took PostgreSQL longest since the reset, running and planning, as a table:
 * where its CPU per change goes (how LIVE-41 and LIVE-42 were found).
 */
export async function topStatements(db: Db, limit: number): Promise<string> {
  const { rows } = await sql<StatementRow>`
    SELECT calls, total_exec_time AS run_ms, total_plan_time AS plan_ms, rows,
      left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) AS query
    FROM pg_stat_statements
    WHERE query NOT LIKE '%pg_stat_statements%'
    ORDER BY total_exec_time + total_plan_time DESC
    LIMIT ${limit}`.execute(db);
  const ms = (value: number) => value.toFixed(1).padStart(9);
  const lines = rows.map(
    (row) =>
      `${row.calls.padStart(7)} ${ms(row.run_ms)} ${ms(row.plan_ms)} ${row.rows.padStart(8)}  ${row.query}`,
  );
  return [
    `PostgreSQL's statements in the change window, by time (pg_stat_statements):`,
    `  calls    run ms   plan ms     rows  statement`,
    ...lines,
  ].join('\n');
}
