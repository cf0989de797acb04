import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averagePhaseDurationTodaySec } from '../src/domain/average-phase-duration.ts';
import { createLogger } from '../src/http/logger.ts';
import { createCustomer } from '../src/services/tenants/create-customer.ts';
import { findAccountByEmail } from '../src/store/accounts.ts';
import { startChangeLogPruning } from '../src/store/change-log-pruning.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { listPhaseStaysEndedSince } from '../src/store/repositories/phase-history.ts';
import { pruneRetention } from '../src/store/retention-pruning.ts';
import { apiClient } from './api-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'read:* write:* update:customer* read:securable';
type Api = Awaited<ReturnType<typeof apiClient>>;

let server: TestServer;
let db: Db;
let admin: Api;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  db = openDatabase(server.databaseUrl, 2);
  await createCustomer(db, {
    id: 'bravo',
    name: 'Bravo Hospital',
    admin_email: 'chief@bravo.test',
    admin_password: 'bravo-password-1',
  });
  adminId = (await findAccountByEmail(db, 'admin@demo.test'))?.id ?? '';
  admin = await apiClient(server, await accessToken(server, { sub: adminId, scope: ADMIN_SCOPE }));
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

const DAY_MS = 86_400_000;
const ago = (days: number, now = Date.now()) => new Date(now - days * DAY_MS);

describe('retention settings (BOF-55)', () => {
  it('reads 30 days, 30 days and 6 years unless set', async () => {
    const settings = await admin('GET', '/customers/demo/settings');
    expect(settings.body).toMatchObject({
      visit_name_retention_days: 30,
      feed_message_retention_days: 30,
      audit_retention_years: 6,
    });
  });

  it('saves a change, and the change is audited', async () => {
    const changed = await admin('PATCH', '/customers/demo', { visit_name_retention_days: 45 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ visit_name_retention_days: 45, audit_retention_years: 6 });
    const audit = await admin('GET', '/audit-events?entity=customers&action=update');
    expect((audit.body as { items: unknown[] }).items[0]).toMatchObject({
      actor: adminId,
      entity_id: 'demo',
      route: 'PATCH /api/customers/:id',
      status: 200,
    });
    await admin('PATCH', '/customers/demo', { visit_name_retention_days: 30 });
  });

  it('refuses a period outside its bounds with OUT_OF_RANGE naming them', async () => {
    const cases = [
      [{ visit_name_retention_days: 0 }, 'visit_name_retention_days', 1, 3650],
      [{ visit_name_retention_days: 3651 }, 'visit_name_retention_days', 1, 3650],
      [{ feed_message_retention_days: 2.5 }, 'feed_message_retention_days', 1, 365],
      [{ audit_retention_years: 31 }, 'audit_retention_years', 1, 30],
    ] as const;
    for (const [body, field, min, max] of cases) {
      const refused = await admin('PATCH', '/customers/demo', body);
      expect(refused).toEqual({
        status: 400,
        body: {
          code: 'OUT_OF_RANGE',
          params: { field, min, max },
          message: `${field} must be a whole number from ${min} to ${max}.`,
        },
      });
    }
    const notANumber = await admin('PATCH', '/customers/demo', { audit_retention_years: 'six' });
    expect(notANumber.body).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'audit_retention_years' },
    });
    const settings = await admin('GET', '/customers/demo/settings');
    expect(settings.body).toMatchObject({ visit_name_retention_days: 30, audit_retention_years: 6 });
  });
});

/** Two of the demo's visits, completed `days` ago after an hour in one phase, with the EHR's ids. */
async function completeVisit(days: number, externalId: string): Promise<number> {
  const visit = await db
    .selectFrom('visits')
    .select(['id', 'phase_id'])
    .where('customer_id', '=', 'demo')
    .where('completed_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const completed = ago(days);
  const arrived = new Date(completed.getTime() - 3_600_000);
  await db.deleteFrom('visit_phase_history').where('visit_id', '=', visit.id).execute();
  await db
    .updateTable('visits')
    .set({
      arrived_at: arrived,
      phase_entered_at: arrived,
      completed_at: completed,
      external_id: externalId,
      external_patient_id: `MRN-${externalId}`,
    })
    .where('id', '=', visit.id)
    .execute();
  await db
    .insertInto('visit_phase_history')
    .values({
      customer_id: 'demo',
      visit_id: visit.id,
      phase_id: visit.phase_id,
      entered_at: arrived,
      left_at: completed,
    })
    .execute();
  return visit.id;
}

const visitRow = (id: number) =>
  db
    .selectFrom('visits')
    .select([
      'first_name',
      'last_name',
      'display_name',
      'family_code',
      'external_id',
      'external_patient_id',
      'names_removed_at',
      'completed_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the pruning run (BOF-56)', () => {
  it('takes the names off a visit completed 31 days ago, keeps them 29 days in, and the averages count both', async () => {
    const old = await completeVisit(31, 'V-OLD');
    const recent = await completeVisit(29, 'V-RECENT');
    const before = await visitRow(old);
    const recentBefore = await visitRow(recent);
    expect(before.first_name).not.toBe('');

    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const pruning = startChangeLogPruning({ db, retentionHours: 24, log: createLogger('info', sink) });
    await pruning.stop();

    expect(await visitRow(old)).toMatchObject({
      first_name: '',
      last_name: '',
      display_name: '',
      family_code: '',
      external_id: null,
      external_patient_id: null,
      names_removed_at: expect.any(Date),
    });
    expect(await visitRow(recent)).toEqual(recentBefore);

    // The log says how many, never whose.
    const line = lines.find((entry) => entry.msg === 'retention: names removed and old records deleted');
    expect(line).toMatchObject({ visits: 1 });
    const logged = JSON.stringify(lines);
    for (const name of [before.first_name, before.last_name, before.display_name, recentBefore.last_name]) {
      expect(logged).not.toContain(name);
    }

    // The de-identified visit's stays still feed the averages: an hour each, both counted.
    const stays = await listPhaseStaysEndedSince(db, 'demo', ago(32));
    const ours = stays.filter((stay) => stay.visit_id === old || stay.visit_id === recent);
    expect(ours.map((stay) => stay.visit_id).sort()).toEqual([old, recent].sort());
    const oldStay = ours.filter((stay) => stay.visit_id === old);
    expect(averagePhaseDurationTodaySec(oldStay, before.completed_at ?? new Date(), 'UTC')).toBe(3600);

    // The API answers the visit, without names.
    const read = await admin('GET', `/securable/visits/${old}`);
    expect(read.body).toMatchObject({ id: old, first_name: '', last_name: '' });
  });

  it("deletes only the audit events older than the customer's years", async () => {
    const changed = await admin('PATCH', '/customers/demo', { audit_retention_years: 1 });
    expect(changed.status).toBe(200);
    const now = new Date();
    const event = (customerId: string | null, at: Date, entityId: string) =>
      db
        .insertInto('audit_events')
        .values({
          customer_id: customerId,
          at,
          actor: 'retention-test',
          actor_kind: 'system',
          action: 'update',
          entity: 'retention-test',
          entity_id: entityId,
          route: 'TEST',
          status: 200,
        })
        .execute();
    await event('demo', ago(400, now.getTime()), 'demo-13-months');
    await event('demo', ago(330, now.getTime()), 'demo-11-months');
    await event('bravo', ago(400, now.getTime()), 'bravo-13-months');
    await event('bravo', ago(6 * 366, now.getTime()), 'bravo-7-years');
    await event(null, ago(6 * 366, now.getTime()), 'platform-7-years');

    const counts = await pruneRetention(db, now, 1);
    expect(counts.audit_events).toBe(3);
    const left = await db
      .selectFrom('audit_events')
      .select('entity_id')
      .where('entity', '=', 'retention-test')
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.entity_id)).toEqual(['demo-11-months', 'bravo-13-months']);
    await admin('PATCH', '/customers/demo', { audit_retention_years: 6 });
  });

  it("deletes the stored feed messages after the customer's days, settled ones after a week at most", async () => {
    expect((await admin('PATCH', '/customers/demo', { feed_message_retention_days: 10 })).status).toBe(200);
    const now = new Date();
    const message = async (customerId: string | null, status: string, days: number, controlId: string) => {
      await db
        .insertInto('feed_messages')
        .values({
          customer_id: customerId,
          feed: 'hl7',
          transport: 'mllp',
          control_id: controlId,
          body: 'MSH|^~\\&|EHR|F|CB|demo|||ADT^A01|1|P|2.5\rPID|||1||Doe^Jane',
          status,
          received_at: ago(days, now.getTime()),
        } as never)
        .execute();
    };
    await message('demo', 'error', 11, 'demo-error-11');
    await message('demo', 'error', 9, 'demo-error-9');
    await message('demo', 'received', 11, 'demo-received-11');
    await message('demo', 'applied', 8, 'demo-applied-8');
    await message('demo', 'applied', 6, 'demo-applied-6');
    await message('bravo', 'error', 11, 'bravo-error-11');
    await message('bravo', 'error', 31, 'bravo-error-31');
    await message(null, 'rejected', 31, 'nobody-rejected-31');

    const counts = await pruneRetention(db, now, 1);
    expect(counts.feed_messages).toBe(5);
    const left = await db
      .selectFrom('feed_messages')
      .select('control_id')
      .where('control_id', 'like', '%-%-%')
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.control_id)).toEqual(['demo-error-9', 'demo-applied-6', 'bravo-error-11']);
  });
});
