import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase, preparingStatements } from '../src/store/database.ts';
import { listBoardVisits, listRecentBoardCalls } from '../src/store/repositories/board-row-queries.ts';
import { seedCustomer } from './domain-fixtures.ts';
import { createMigratedTestDatabase } from './test-database.ts';

const C = 'acme';
const ALL = { workflowIds: [], phaseIds: [] };
let db: Db;

/** The statements this session has prepared: with a pool of one connection, the one every query uses. */
async function preparedTexts(on: Db): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(on);
  return rows.map((row) => row.statement);
}

beforeAll(async () => {
  // One connection: every query below runs in the same PostgreSQL session, whose prepared statements it lists.
  db = openDatabase(await createMigratedTestDatabase(), 1);
  await migrateToLatest(db);
  await seedCustomer(db, C);
});
afterAll(async () => {
  await db.destroy();
});

describe('statements prepared once per connection (LIVE-41)', () => {
  it('prepares a board read once, and answers it as the plain database does every time after', async () => {
    const preparing = preparingStatements(db);
    const plain = await listRecentBoardCalls(db, C, ALL, 10);
    expect(await preparedTexts(db)).toEqual([]);

    const first = await listRecentBoardCalls(preparing, C, ALL, 10);
    const second = await listRecentBoardCalls(preparing, C, ALL, 10);
    const texts = await preparedTexts(db);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('from "calls" as "c"');
    expect(first).toEqual(plain);
    expect(second).toEqual(plain);
    expect(plain.length).toBeGreaterThan(0);

    // Another text is another statement; the same text again is not prepared twice.
    await listBoardVisits(preparing, C, ALL);
    await listBoardVisits(preparing, C, ALL);
    expect(await preparedTexts(db)).toHaveLength(2);
  });

  it('is one Db per pool, and sends a statement without parameters as it is (several commands in one text)', async () => {
    const preparing = preparingStatements(db);
    expect(preparingStatements(db)).toBe(preparing);
    const before = (await preparedTexts(db)).length;
    await sql`SELECT 1; SELECT 2`.execute(preparing);
    expect(await preparedTexts(db)).toHaveLength(before);
  });

  it('stops naming new texts past its bound, and still answers them', async () => {
    const preparing = preparingStatements(db);
    const answers: number[] = [];
    for (let i = 0; i < 210; i++) {
      const { rows } = await sql<{ n: number }>`SELECT ${sql.lit(i)} + ${1}::int AS n`.execute(preparing);
      answers.push(rows[0]?.n ?? -1);
    }
    expect(answers).toEqual(Array.from({ length: 210 }, (_, i) => i + 1));
    expect(await preparedTexts(db)).toHaveLength(200);
  });

  it('leaves the pool open when it is destroyed: the pool is the plain database’s', async () => {
    await preparingStatements(db).destroy();
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
