import type pg from 'pg';

/** The public schema's tables, by name. */
export async function tablesOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

/** Each table's row count. */
export async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(client)) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

interface Column {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  /** The first literal of a CHECK on this column alone (`feed IN ('rtls', 'hl7')`): a value it accepts. */
  readonly allowed: string | undefined;
}

interface ForeignKey {
  readonly columns: readonly string[];
  readonly table: string;
  readonly references: readonly string[];
}

async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  const { rows } = await client.query<{ name: string; type: string; required: boolean; checks: string[] }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AND NOT a.atthasdef AND a.attidentity = '' AND a.attgenerated = '' AS required,
            coalesce(array_agg(pg_get_constraintdef(c.oid)) FILTER (WHERE c.oid IS NOT NULL), '{}') AS checks
       FROM pg_attribute a
       LEFT JOIN pg_constraint c ON c.conrelid = a.attrelid AND c.contype = 'c' AND c.conkey = ARRAY[a.attnum]
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
      GROUP BY a.attnum, a.attname, a.atttypid, a.atttypmod, a.attnotnull, a.atthasdef, a.attidentity, a.attgenerated
      ORDER BY a.attnum`,
    [table],
  );
  return rows.map((row) => ({
    name: row.name,
    type: row.type,
    required: row.required,
    allowed: row.checks
      .map((check) => /'((?:[^']|'')*)'/.exec(check)?.[1])
      .find((value) => value !== undefined),
  }));
}

async function foreignKeysOf(client: pg.Client, table: string): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT array(SELECT attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute ON attrelid = c.conrelid AND attnum = k.n ORDER BY k.i)::text[] AS columns,
            c.confrelid::regclass::text AS table,
            array(SELECT attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute ON attrelid = c.confrelid AND attnum = k.n ORDER BY k.i)::text[] AS references
       FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype = 'f'`,
    [table],
  );
  return rows;
}

/** A value of `type` for a minimal row, as SQL with a cast. */
function valueFor(column: Column): string {
  const { type } = column;
  if (column.allowed !== undefined) return `'${column.allowed}'::${type}`;
  if (type.endsWith('[]')) return `'{}'::${type}`;
  if (/^(integer|bigint|smallint|numeric|real|double precision)/.test(type)) return `1::${type}`;
  if (type === 'boolean') return 'false';
  if (type.startsWith('timestamp') || type === 'date') return `now()::${type}`;
  if (type === 'jsonb' || type === 'json') return `'{}'::${type}`;
  if (type === 'uuid') return 'gen_random_uuid()';
  if (type === 'bytea') return `'\\x00'::bytea`;
  if (type === 'inet' || type === 'cidr') return `'127.0.0.1'::${type}`;
  if (type === 'interval') return `'1 hour'::interval`;
  return `'upgrade-test'::${type}`;
}

/**
 * One minimal row in every empty table of the public schema, so an upgrade is tried on data in
 * every table: required columns get a value of their type (a CHECK's first literal when it has
 * one), foreign keys a row of the table they name, filled first when it is empty too. A table no
 * generic row fits is named with PostgreSQL's reason. Returns the tables it filled.
 */
export async function fillEmptyTables(client: pg.Client): Promise<string[]> {
  const empty: string[] = [];
  for (const table of await tablesOf(client)) {
    const { rows } = await client.query(`SELECT 1 FROM "${table}" LIMIT 1`);
    if (rows.length === 0) empty.push(table);
  }
  const filled: string[] = [];
  const failures = new Map<string, string>();
  let pending = [...empty];
  while (pending.length > 0) {
    const next: string[] = [];
    for (const table of pending) {
      const keys = await foreignKeysOf(client, table);
      // A required key into a table still empty waits for that table.
      if (
        keys.some((key) => key.table !== table && pending.includes(key.table) && !filled.includes(key.table))
      ) {
        next.push(table);
        continue;
      }
      const error = await insertMinimalRow(client, table, keys);
      if (error) failures.set(table, error);
      else filled.push(table);
    }
    if (next.length === pending.length) {
      for (const table of next) failures.set(table, 'its foreign keys name each other');
      break;
    }
    pending = next;
  }
  if (failures.size > 0)
    throw new Error(
      `no minimal row fits: ${[...failures].map(([table, reason]) => `${table} (${reason})`).join('; ')}`,
    );
  return filled;
}

async function insertMinimalRow(client: pg.Client, table: string, keys: readonly ForeignKey[]) {
  const values = new Map<string, string>();
  for (const key of keys.filter((k) => k.table !== table)) {
    const list = key.references.map((name) => `"${name}"`).join(', ');
    const { rows } = await client.query<Record<string, unknown>>(`SELECT ${list} FROM ${key.table} LIMIT 1`);
    const row = rows[0];
    if (!row) continue;
    key.columns.forEach((column, index) => {
      const value = row[key.references[index] ?? ''];
      values.set(column, value === null ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`);
    });
  }
  for (const column of await columnsOf(client, table)) {
    if (column.required && !values.has(column.name)) values.set(column.name, valueFor(column));
  }
  const names = [...values.keys()].map((name) => `"${name}"`).join(', ');
  const text =
    values.size === 0
      ? `INSERT INTO "${table}" DEFAULT VALUES`
      : `INSERT INTO "${table}" (${names}) VALUES (${[...values.values()].join(', ')})`;
  try {
    await client.query(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
