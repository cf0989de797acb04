import { type Kysely, sql } from 'kysely';

/**
 * Runs DDL statements one by one. The domain's migrations are plain SQL: composite
 * foreign keys, partial unique indexes and `ON DELETE SET NULL (column)` read more
 * clearly as SQL than through the schema builder.
 */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * The columns every domain table starts with. Ids are global identities (the demo
 * customer, seeded first, owns the low ones); `customer_id` scopes every row, and the
 * unique (customer_id, id) lets other tables reference a row together with its
 * customer, so the database refuses a reference to another customer's row.
 */
export function ownedColumns(table: string): string {
  return `id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    CONSTRAINT ${table}_customer_id_id_key UNIQUE (customer_id, id)`;
}

/** A foreign key that keeps the reference inside the row's customer. */
export function sameCustomer(column: string, table: string, onDelete = ''): string {
  return `FOREIGN KEY (customer_id, ${column}) REFERENCES ${table} (customer_id, id)${onDelete ? ` ON DELETE ${onDelete}` : ''}`;
}
