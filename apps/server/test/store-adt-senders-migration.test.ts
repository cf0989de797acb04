/**
 * Migration 0208 on a database that has customers and facility mappings from before senders
 * existed (decision FEED-53): their facilities get no sender (they refuse until an admin lists
 * one); a demo customer that relied on MSH-6 naming its id gets what a new demo gets.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/store/database.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { createTestDatabase } from './test-database.ts';

let db: Db;

async function customer(id: string): Promise<void> {
  await sql`INSERT INTO customers (id, auth_org_id, auth_device_client_id)
    VALUES (${id}, ${`org_${id}`}, ${`${id}-device`})`.execute(db);
}

beforeAll(async () => {
  db = openDatabase(await createTestDatabase(), 2);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
  expect((await migrator.migrateTo('0207-presence-node-lease')).error).toBeUndefined();
  await customer('demo');
  await customer('bravo');
  await sql`INSERT INTO adt_facilities (facility, customer_id) VALUES ('BRAVO-GENERAL', 'bravo')`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
afterAll(async () => {
  await db?.destroy();
});

describe('migration 0208 (ADT senders)', () => {
  it('leaves a facility mapped before it without a sender, and gives the demo its loopback sender', async () => {
    const senders = await db
      .selectFrom('adt_senders')
      .select(['customer_id', 'facility', 'sending_application', 'sending_facility', 'addresses'])
      .orderBy('id')
      .execute();
    expect(senders).toEqual([
      {
        customer_id: 'demo',
        facility: 'demo',
        sending_application: null,
        sending_facility: null,
        addresses: ['127.0.0.0/8', '::1/128'],
      },
    ]);
    const facilities = await db
      .selectFrom('adt_facilities')
      .select(['facility', 'customer_id'])
      .orderBy('facility')
      .execute();
    expect(facilities).toEqual([
      { facility: 'BRAVO-GENERAL', customer_id: 'bravo' },
      { facility: 'demo', customer_id: 'demo' },
    ]);
  });
});
