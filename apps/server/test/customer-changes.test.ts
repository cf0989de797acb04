import { customerChangesSubscription } from '@careboard/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { graphqlClient, waitUntil } from './live-clients.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

// Decision CON-26: the console learns what kind of record changed, and re-reads it through REST.
const ADMIN_SCOPE = 'access:display-board read:sites write:*';
let server: TestServer;
let sql: pg.Client;

beforeAll(async () => {
  ({ server, sql } = await startWithSecondCustomer());
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await server?.close();
});

function watch(token: string) {
  const kinds: string[][] = [];
  const errors: unknown[] = [];
  const client = graphqlClient(server, () => token);
  client.subscribe<{ customerChanges: string[] }>(
    { query: customerChangesSubscription },
    {
      next: (value) => {
        if (value.data) kinds.push(value.data.customerChanges);
        else errors.push(value.errors);
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return { client, kinds, errors };
}

describe('customerChanges', () => {
  it("pushes the kinds of record a write changed to its customer's people, and nothing to another customer", async () => {
    const demo = watch(await accessToken(server, { scope: ADMIN_SCOPE }));
    const bravo = watch(await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo' }));
    try {
      // Each says it listens with an empty first answer: nothing committed from then on is missed.
      await waitUntil(() => demo.kinds.length > 0 && bravo.kinds.length > 0);
      expect(demo.kinds).toEqual([[]]);
      const api = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE }));
      const created = await api('POST', '/locations', { name: 'Triage 9', kind: 'exam_room' });
      expect(created.status).toBe(201);
      await waitUntil(() => demo.kinds.some((batch) => batch.includes('location')));
      expect(demo.errors).toEqual([]);
      // Another customer's write is not announced to this one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(bravo.kinds).toEqual([[]]);
      expect(bravo.errors).toEqual([]);
    } finally {
      await demo.client.dispose();
      await bravo.client.dispose();
    }
  });

  it("refuses a screen's token: screens have their own streams", async () => {
    const { rows } = await sql.query(
      "INSERT INTO devices (customer_id, name, display_board_id) VALUES ('demo', 'Lobby', 1) RETURNING id",
    );
    const screen = watch(
      await accessToken(server, { scope: 'access:display-board', device_id: rows[0].id as number }),
    );
    try {
      await waitUntil(() => screen.errors.length > 0);
      expect(JSON.stringify(screen.errors)).toContain('customerChanges is for people, not screens.');
      expect(screen.kinds).toEqual([]);
    } finally {
      await screen.client.dispose();
    }
  });
});
