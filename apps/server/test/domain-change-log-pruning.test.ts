import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMessage } from '../src/services/post-message.ts';
import { findCurrentVersion, listChangesSince } from '../src/store/change-log.ts';
import { pruneChangeLog, startChangeLogPruning } from '../src/store/change-log-pruning.ts';
import type { Db } from '../src/store/database.ts';
import { findLastChangeAt, openTestDomain, seedCustomer } from './domain-fixtures.ts';

let db: Db;
beforeAll(async () => {
  db = (await openTestDomain()).db;
  await seedCustomer(db, 'acme');
  await seedCustomer(db, 'beta');
});
afterAll(async () => {
  await db?.destroy();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** A change_log row committed `hours` ago; its version. */
async function row(customerId: string, hours: number, boardIds: number[] | null): Promise<string> {
  const inserted = await db
    .insertInto('change_log')
    .values({
      customer_id: customerId,
      entity: 'visit',
      entity_id: 1,
      action: 'update',
      board_ids: boardIds,
      created_at: hoursAgo(hours),
    })
    .returning('version')
    .executeTakeFirstOrThrow();
  return String(inserted.version);
}

async function boardsOf(customerId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('display_boards')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  return rows.map((board) => board.id);
}

async function versions(): Promise<string[]> {
  const rows = await db.selectFrom('change_log').select('version').orderBy('version').execute();
  return rows.map((r) => String(r.version));
}

describe('change_log pruning (LIVE-13)', () => {
  it('deletes old rows but keeps each customer newest row and each board newest relevant row', async () => {
    await sql`DELETE FROM change_log`.execute(db);
    const [b1 = 0, b2 = 0, b3 = 0, b4 = 0] = await boardsOf('acme');
    const beta = await boardsOf('beta');
    const acme0 = await row('acme', 52, null); // every acme board has a newer relevant row: goes
    const acme1 = await row('acme', 50, [b1]); // b1 has a newer one: goes
    const acme2 = await row('acme', 49, [b1]); // b1's newest: stays, though old
    const acme3 = await row('acme', 48, [b2, b3, b4]); // newer ones follow: goes
    const acme4 = await row('acme', 2, [b2, b3, b4]); // recent: stays
    const acme5 = await row('acme', 1, [b2]); // recent: stays
    const beta0 = await row('beta', 31, null); // goes
    const beta1 = await row('beta', 30, beta); // every beta board's newest: stays
    const beta2 = await row('beta', 29, []); // beta's newest row: stays
    const boards = [b1, b2, b3, b4];
    const lastChanges = await Promise.all(boards.map((b) => findLastChangeAt(db, 'acme', b)));
    const betaLast = await Promise.all(beta.map((b) => findLastChangeAt(db, 'beta', b)));
    const current = [await findCurrentVersion(db, 'acme'), await findCurrentVersion(db, 'beta')];

    // Batches of 2, so the loop runs more than once.
    expect(await pruneChangeLog(db, hoursAgo(24), 2)).toBe(4);

    expect(await versions()).toEqual(
      [acme2, acme4, acme5, beta1, beta2].sort((a, b) => Number(a) - Number(b)),
    );
    for (const gone of [acme0, acme1, acme3, beta0]) expect(await versions()).not.toContain(gone);
    // "Last change" of every board and the current version of every customer are as before.
    expect(await Promise.all(boards.map((b) => findLastChangeAt(db, 'acme', b)))).toEqual(lastChanges);
    expect(await Promise.all(beta.map((b) => findLastChangeAt(db, 'beta', b)))).toEqual(betaLast);
    expect([await findCurrentVersion(db, 'acme'), await findCurrentVersion(db, 'beta')]).toEqual(current);
    // Catch-up from a cursor inside the retention reads exactly what followed it.
    expect((await listChangesSince(db, 'acme', acme3)).map((r) => r.version)).toEqual([acme4, acme5]);

    // A second round has nothing to do.
    expect(await pruneChangeLog(db, hoursAgo(24))).toBe(0);
  });

  it('runs on a schedule and a new change after pruning gets a newer version, caught up from the last one', async () => {
    await sql`DELETE FROM change_log`.execute(db);
    for (let hours = 40; hours > 30; hours--) await row('acme', hours, null);
    const newest = await row('acme', 30, null);

    const work = startChangeLogPruning({ db, retentionHours: 24, log: pino({ level: 'silent' }) });
    await work.stop(); // waits for the first round, which runs at once
    expect(await versions()).toEqual([newest]);

    await postMessage(db, 'acme', { sender_type: 1, text: 'After pruning' });
    const after = await listChangesSince(db, 'acme', newest);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => BigInt(r.version) > BigInt(newest))).toBe(true);
    expect(await findCurrentVersion(db, 'acme')).toBe(after.at(-1)?.version);
  });
});
