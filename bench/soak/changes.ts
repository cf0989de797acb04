import pg from 'pg';

/** The change log's newest version now: the soak counts what the simulator changes after it. */
export async function changeLogVersion(databaseUrl: string): Promise<number> {
  const rows = await query<{ version: string | null }>(
    databaseUrl,
    'SELECT max(version) AS version FROM change_log',
  );
  return Number(rows[0]?.version ?? 0);
}

/** What changed after `version`, by entity: e.g. "1,234 visit, 87 call, 310 asset changes". */
export async function changesSince(databaseUrl: string, version: number): Promise<string> {
  const rows = await query<{ entity: string; count: number }>(
    databaseUrl,
    'SELECT entity, count(*)::int AS count FROM change_log WHERE version > $1 GROUP BY entity ORDER BY count DESC',
    [version],
  );
  const number = new Intl.NumberFormat('en-GB');
  const parts = rows.map((row) => `${number.format(row.count)} ${row.entity}`);
  return parts.length > 0 ? `${parts.join(', ')} changes` : 'no changes';
}

async function query<T extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
