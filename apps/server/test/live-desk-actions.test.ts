/**
 * The desk's writes over the socket gateway: patient.admit, patient.move,
 * patient.badge and patient.complete, and message.post with an expiry, against the real
 * server with socket.io-client. Each succeeds through the REST twin's service, so the
 * workflow board hears of it and GET /visits shows it; each error is `<action>.error` with
 * the catalogue's code and exact text; each success is audited (decisions CON-10 to CON-13).
 */
import {
  type BoardFrame,
  boardContentSubscription,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketAction,
  type SocketActionResults,
} from '@careboard/contracts';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { graphqlClient, waitUntil } from './live-clients.ts';
import { startWithSecondCustomer } from './second-customer.ts';
import type { TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Call = Awaited<ReturnType<typeof apiClient>>;
type Row = { key: string; type: string } & Record<string, unknown>;
type Outcome<A extends SocketAction> =
  | { outcome: 'success'; correlation_id: string; result: SocketActionResults[A] }
  | { outcome: 'error'; correlation_id: string; code: string; message: string };

const DESK_SCOPE = 'access:display-board write:patients';
const ADMIN_SCOPE =
  'access:display-board access:mm read:tags read:patients write:* write:patients update:customer*';
/** The demo's workflow board (id 1) shows the Day Surgery workflow. */
const SURGERY_BOARD = 1;

let server: TestServer;
let sql: pg.Client;
let admin: Call;
let desk: Client;
let surgery: { workflowId: number; phaseIds: number[] };
let otherWorkflowPhase: number;
const sockets: Client[] = [];
let sequence = 0;

beforeAll(async () => {
  // No simulator: the visits here move only when these tests move them.
  ({ server, sql } = await startWithSecondCustomer());
  admin = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, sub: 'desk-admin' }));
  desk = await connect(DESK_SCOPE, { sub: 'desk-nurse-14' });
  const surgeryWorkflow = (
    await sql.query("SELECT id FROM workflows WHERE customer_id = 'demo' AND name = 'Day Surgery'")
  ).rows[0].id as number;
  const phases = await sql.query(
    "SELECT id FROM phases WHERE customer_id = 'demo' AND workflow_id = $1 ORDER BY position",
    [surgeryWorkflow],
  );
  surgery = { workflowId: surgeryWorkflow, phaseIds: phases.rows.map((row) => row.id) };
  otherWorkflowPhase = (
    await sql.query("SELECT id FROM phases WHERE customer_id = 'demo' AND workflow_id <> $1 LIMIT 1", [
      surgeryWorkflow,
    ])
  ).rows[0].id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await sql?.end();
  await server?.close();
});

async function connect(scope: string, claims: Record<string, unknown> = {}): Promise<Client> {
  const socket: Client = io(server.config.runtime.SOCKETS_URL, {
    transports: ['websocket'],
    reconnection: false,
    query: { token: await accessToken(server, { scope, ...claims }) },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Emits an action with a fresh correlation_id and waits for the answer carrying it. */
function ask<A extends SocketAction>(
  socket: Client,
  action: A,
  body: Record<string, unknown>,
): Promise<Outcome<A>> {
  const correlationId = `${action}-${++sequence}`;
  const events = socket as unknown as {
    on(event: string, listener: (payload: Record<string, unknown>) => void): void;
    off(event: string, listener: (payload: Record<string, unknown>) => void): void;
    emit(event: string, body: unknown): void;
  };
  return new Promise((resolve) => {
    const listeners: [string, (payload: Record<string, unknown>) => void][] = [];
    for (const outcome of ['success', 'error'] as const) {
      const listener = (payload: Record<string, unknown>) => {
        if (payload.correlation_id !== correlationId) return;
        for (const [event, registered] of listeners) events.off(event, registered);
        resolve({ outcome, ...payload } as Outcome<A>);
      };
      listeners.push([`${action}.${outcome}`, listener]);
      events.on(`${action}.${outcome}`, listener);
    }
    events.emit(action, { correlation_id: correlationId, ...body });
  });
}

/** The result of an action that must succeed. */
async function done<A extends SocketAction>(
  socket: Client,
  action: A,
  body: Record<string, unknown>,
): Promise<SocketActionResults[A]> {
  const answer = await ask(socket, action, body);
  if (answer.outcome !== 'success') throw new Error(`${action}: ${answer.code} ${answer.message}`);
  return answer.result;
}

/** The catalogue's error for an action: its code and exact text, with the request's correlation_id. */
async function refusal(
  socket: Client,
  action: SocketAction,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const answer = await ask(socket, action, body);
  expect(answer.correlation_id).toMatch(new RegExp(`^${action.replace('.', '\\.')}-\\d+$`));
  // A success comes back whole, so a failing expectation shows what was written.
  return answer.outcome === 'error' ? { code: answer.code, message: answer.message } : { ...answer };
}

async function patientBadge(label: string): Promise<{ tagId: number; badgeId: number }> {
  const answer = await admin('POST', '/tags', { kind: 'patient_badge', label });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const tag = answer.body as { id: number; badge_id: number };
  return { tagId: tag.id, badgeId: tag.badge_id };
}

const admission = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Kowalski',
  workflow_id: surgery.workflowId,
  ...extra,
});

/** The surgery board's rows as a screen holds them, frame by frame. */
function followSurgeryBoard(token: string) {
  const rows = new Map<string, Row>();
  let frames = 0;
  const client = graphqlClient(server, () => token);
  const stop = client.subscribe<{ workflowBoard: string }>(
    {
      query: boardContentSubscription('workflowBoard'),
      variables: { displayBoardId: SURGERY_BOARD, sinceVersion: null },
    },
    {
      next: (value) => {
        const text = value.data?.workflowBoard;
        if (!text) return;
        const frame = JSON.parse(text) as BoardFrame<Row>;
        if (frame.kind === 'snapshot') rows.clear();
        for (const key of frame.removed) rows.delete(key);
        for (const row of frame.upserts) rows.set(row.key, row);
        frames += 1;
      },
      error: () => {},
      complete: () => {},
    },
  );
  return {
    rows,
    frames: () => frames,
    close: async () => {
      stop();
      await client.dispose();
    },
  };
}

async function auditRoutes(visitId: number): Promise<string[]> {
  const log = await admin('GET', `/audit-events?entity=visits&entity_id=${visitId}&limit=50`);
  expect(log.status, JSON.stringify(log.body)).toBe(200);
  const items = (log.body as { items: { route: string; actor: string; action: string }[] }).items;
  expect(items.every((item) => item.actor === 'desk-nurse-14')).toBe(true);
  return items.map((item) => `${item.action} ${item.route}`).sort();
}

describe('the desk over the socket gateway', () => {
  it('admits with a badge, moves, changes the badge and completes; the board hears of each, all audited', async () => {
    const board = followSurgeryBoard(await accessToken(server));
    try {
      await waitUntil(() => board.frames() >= 1);
      const badge = await patientBadge('DESK-B1');
      const admitted = await done(desk, 'patient.admit', admission({ badge_id: badge.badgeId }));
      expect(admitted).toEqual({
        visit_id: expect.any(Number),
        family_code: expect.stringMatching(/^[A-Z0-9-]{3,12}$/),
      });
      const key = `visit:${admitted.visit_id}`;
      await waitUntil(() => board.rows.has(key));
      expect(board.rows.get(key)).toMatchObject({
        display_name: 'Ana K.',
        badge_label: 'DESK-B1',
        phase_id: surgery.phaseIds[0],
      });
      const listed = await admin('GET', `/visits?workflow_id=${surgery.workflowId}&limit=200`);
      expect((listed.body as { items: Record<string, unknown>[] }).items).toContainEqual(
        expect.objectContaining({
          id: admitted.visit_id,
          family_code: admitted.family_code,
          badge_id: badge.badgeId,
          tag_id: badge.tagId,
        }),
      );

      const next = surgery.phaseIds[1];
      const moved = await done(desk, 'patient.move', { visit_id: admitted.visit_id, phase_id: next });
      expect(moved).toEqual({
        visit_id: admitted.visit_id,
        phase_id: next,
        phase_entered_at: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(moved.phase_entered_at))).toBe(false);
      await waitUntil(() => board.rows.get(key)?.phase_id === next);

      const other = await patientBadge('DESK-B2');
      expect(
        await done(desk, 'patient.badge', { visit_id: admitted.visit_id, badge_id: other.badgeId }),
      ).toEqual({
        visit_id: admitted.visit_id,
        badge_id: other.badgeId,
        tag_id: other.tagId,
      });
      await waitUntil(() => board.rows.get(key)?.badge_label === 'DESK-B2');
      // The first badge is free again: another patient may wear it.
      const second = await done(
        desk,
        'patient.admit',
        admission({ first_name: 'Bo', badge_id: badge.badgeId }),
      );
      expect(await done(desk, 'patient.badge', { visit_id: admitted.visit_id, badge_id: null })).toEqual({
        visit_id: admitted.visit_id,
        badge_id: null,
        tag_id: null,
      });
      await waitUntil(() => board.rows.get(key)?.badge_label === null);

      const completed = await done(desk, 'patient.complete', { visit_id: admitted.visit_id });
      expect(completed).toEqual({ visit_id: admitted.visit_id, completed_at: expect.any(String) });
      await waitUntil(() => !board.rows.has(key));
      // Completing again changes nothing and answers the same time (a retried request is harmless).
      expect(await done(desk, 'patient.complete', { visit_id: admitted.visit_id })).toEqual(completed);

      expect(await auditRoutes(admitted.visit_id)).toEqual(
        [
          'create socket patient.admit',
          'update socket patient.move',
          'update socket patient.badge',
          'update socket patient.badge',
          'update socket patient.complete',
          'update socket patient.complete',
        ].sort(),
      );
      expect(await auditRoutes(second.visit_id)).toEqual(['create socket patient.admit']);
    } finally {
      await board.close();
    }
  });

  it('admits into a given phase and location with staff, and moves to a place within the same phase', async () => {
    const location = (
      await sql.query("SELECT id FROM locations WHERE customer_id = 'demo' ORDER BY id LIMIT 2")
    ).rows as { id: number }[];
    const staff = (await sql.query("SELECT id FROM staff WHERE customer_id = 'demo' ORDER BY id LIMIT 2"))
      .rows as {
      id: number;
    }[];
    const phase = surgery.phaseIds[2];
    const admitted = await done(
      desk,
      'patient.admit',
      admission({
        phase_id: phase,
        location_id: location[0]?.id,
        staff_ids: staff.map((row) => row.id),
        family_code: 'desk-42',
      }),
    );
    expect(admitted.family_code).toBe('DESK-42');
    const moved = await done(desk, 'patient.move', {
      visit_id: admitted.visit_id,
      phase_id: phase,
      location_id: location[1]?.id,
    });
    expect(moved.phase_id).toBe(phase);
    const visit = await admin('GET', `/visits/${admitted.visit_id}`);
    expect(visit.body).toMatchObject({
      phase_id: phase,
      location_id: location[1]?.id,
      staff_ids: staff.map((row) => row.id),
    });
  });

  it('answers a worn badge with TAG_IS_IN_USE and the catalogue’s text, and writes nothing', async () => {
    const badge = await patientBadge('DESK-W1');
    const wearer = await done(desk, 'patient.admit', admission({ badge_id: badge.badgeId }));
    const visits = await countVisits();
    expect(await refusal(desk, 'patient.admit', admission({ badge_id: badge.badgeId }))).toEqual({
      code: 'TAG_IS_IN_USE',
      message: 'This Badge is currently in use.',
    });
    expect(await refusal(desk, 'patient.admit', admission({ tag_id: badge.tagId }))).toEqual({
      code: 'TAG_IS_IN_USE',
      message: 'This Tag is currently in use.',
    });
    expect(await countVisits()).toBe(visits);
    const other = await done(desk, 'patient.admit', admission({ first_name: 'Cy' }));
    expect(
      await refusal(desk, 'patient.badge', { visit_id: other.visit_id, badge_id: badge.badgeId }),
    ).toEqual({
      code: 'TAG_IS_IN_USE',
      message: 'This Badge is currently in use.',
    });
    // Asking a visit to wear what it wears already is no conflict.
    expect(
      await done(desk, 'patient.badge', { visit_id: wearer.visit_id, badge_id: badge.badgeId }),
    ).toMatchObject({
      badge_id: badge.badgeId,
    });
  });

  it('answers FORBIDDEN to a token without write:patients, as REST answers 403, and writes nothing', async () => {
    const reader = await connect('access:display-board read:patients');
    const visitId = (await done(desk, 'patient.admit', admission())).visit_id;
    const before = await writes();
    const forbidden = { code: 'FORBIDDEN', message: 'You do not have permissions to access this section.' };
    expect(await refusal(reader, 'patient.admit', admission())).toEqual(forbidden);
    expect(
      await refusal(reader, 'patient.move', { visit_id: visitId, phase_id: surgery.phaseIds[1] }),
    ).toEqual(forbidden);
    expect(await refusal(reader, 'patient.badge', { visit_id: visitId, badge_id: null })).toEqual(forbidden);
    expect(await refusal(reader, 'patient.complete', { visit_id: visitId })).toEqual(forbidden);
    expect(await writes()).toEqual(before);
    const rest = await apiClient(
      server,
      await accessToken(server, { scope: 'access:display-board read:patients' }),
    );
    expect((await rest('POST', '/visits', admission())).status).toBe(403);
    expect((await rest('POST', `/visits/${visitId}/complete`)).status).toBe(403);
    expect((await rest('PUT', `/visits/${visitId}/badge`, null)).status).toBe(403);
  });

  it('answers ENTITY_NOT_FOUND or NO_MASTER_ENTITY_FOUND for another customer’s ids, and changes none of them', async () => {
    const bravo = await connect(DESK_SCOPE, { org_id: 'org_bravo', sub: 'bravo-nurse' });
    const badge = await patientBadge('DESK-X1');
    const demoVisit = await done(desk, 'patient.admit', admission({ badge_id: badge.badgeId }));
    const before = await sql.query('SELECT phase_id, badge_id, completed_at FROM visits WHERE id = $1', [
      demoVisit.visit_id,
    ]);
    expect(await refusal(bravo, 'patient.admit', admission())).toEqual({
      code: 'NO_MASTER_ENTITY_FOUND',
      message: `Workflow with workflow_id "${surgery.workflowId}" not found.`,
    });
    const visitNotFound = {
      code: 'ENTITY_NOT_FOUND',
      message: `Visit with id ${demoVisit.visit_id} was not found.`,
    };
    expect(
      await refusal(bravo, 'patient.move', { visit_id: demoVisit.visit_id, phase_id: surgery.phaseIds[1] }),
    ).toEqual(visitNotFound);
    expect(await refusal(bravo, 'patient.badge', { visit_id: demoVisit.visit_id, badge_id: null })).toEqual(
      visitNotFound,
    );
    expect(await refusal(bravo, 'patient.complete', { visit_id: demoVisit.visit_id })).toEqual(visitNotFound);
    const after = await sql.query('SELECT phase_id, badge_id, completed_at FROM visits WHERE id = $1', [
      demoVisit.visit_id,
    ]);
    expect(after.rows).toEqual(before.rows);
    // Naming another customer's badge on one's own visit: the badge is not found.
    const own = await done(desk, 'patient.admit', admission());
    const bravoAdmin = await apiClient(
      server,
      await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo', sub: 'bravo-admin' }),
    );
    const bravoTag = await bravoAdmin('POST', '/tags', { kind: 'patient_badge', label: 'BRAVO-1' });
    expect(bravoTag.status, JSON.stringify(bravoTag.body)).toBe(201);
    const bravoBadgeId = (bravoTag.body as { badge_id: number }).badge_id;
    expect(await refusal(desk, 'patient.badge', { visit_id: own.visit_id, badge_id: bravoBadgeId })).toEqual({
      code: 'NO_MASTER_ENTITY_FOUND',
      message: `Badge with badge_id "${bravoBadgeId}" not found.`,
    });
    expect(await refusal(desk, 'patient.admit', admission({ badge_id: bravoBadgeId }))).toEqual({
      code: 'NO_MASTER_ENTITY_FOUND',
      message: `Badge with badge_id "${bravoBadgeId}" not found.`,
    });
  });

  it('answers bad input with IS_REQUIRED or IS_NOT_VALID naming the field', async () => {
    const visitId = (await done(desk, 'patient.admit', admission())).visit_id;
    const cases: [SocketAction, Record<string, unknown>, string, string][] = [
      ['patient.admit', { first_name: 'Ana', workflow_id: surgery.workflowId }, 'IS_REQUIRED', 'last_name'],
      ['patient.admit', admission({ first_name: '   ' }), 'IS_REQUIRED', 'first_name'],
      ['patient.admit', admission({ workflow_id: 'one' }), 'IS_NOT_VALID', 'workflow_id'],
      ['patient.admit', admission({ badge_id: -1 }), 'IS_NOT_VALID', 'badge_id'],
      ['patient.admit', admission({ first_name: 'A\u0000na' }), 'IS_NOT_VALID', 'first_name'],
      ['patient.admit', admission({ room: 4 }), 'IS_NOT_VALID', 'room'],
      ['patient.move', { visit_id: visitId }, 'IS_REQUIRED', 'phase_id'],
      ['patient.move', { visit_id: visitId, phase_id: 1.5 }, 'IS_NOT_VALID', 'phase_id'],
      ['patient.complete', {}, 'IS_REQUIRED', 'visit_id'],
      ['patient.badge', { visit_id: visitId }, 'IS_REQUIRED', 'badge_id'],
      ['patient.badge', { visit_id: visitId, badge_id: null, tag_id: null }, 'IS_NOT_VALID', 'tag_id'],
      ['patient.badge', { visit_id: visitId, badge_id: 'x' }, 'IS_NOT_VALID', 'badge_id'],
    ];
    for (const [action, body, code, field] of cases) {
      const text = code === 'IS_REQUIRED' ? `${field} is required value.` : `${field} is not valid.`;
      expect(await refusal(desk, action, body), `${action} ${JSON.stringify(body)}`).toEqual({
        code,
        message: text,
      });
    }
    // A phase of another workflow is not one of the visit's (the foreign key names it), and a
    // completed visit moves no more.
    expect(await refusal(desk, 'patient.move', { visit_id: visitId, phase_id: otherWorkflowPhase })).toEqual({
      code: 'NO_MASTER_ENTITY_FOUND',
      message: `Phase with phase_id "${otherWorkflowPhase}" not found.`,
    });
    await done(desk, 'patient.complete', { visit_id: visitId });
    expect(await refusal(desk, 'patient.move', { visit_id: visitId, phase_id: surgery.phaseIds[1] })).toEqual(
      {
        code: 'IS_NOT_VALID',
        message: 'visit_id is not valid.',
      },
    );
  });
});

describe('messages to boards with an expiry', () => {
  it('posts a message that expires, and refuses an expiry in the past or without an offset', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const posted = await done(desk, 'message.post', {
      text: 'Parking lot B is closed today',
      workflow_id: surgery.workflowId,
      expires_at: expiresAt,
    });
    const listed = await admin('GET', '/messages?active=true&limit=200');
    expect((listed.body as { items: Record<string, unknown>[] }).items).toContainEqual(
      expect.objectContaining({ id: posted.message_id, expires_at: expiresAt, active: true }),
    );
    expect(await auditOf('messages', posted.message_id)).toEqual(['create socket message.post']);
    const invalid = { code: 'IS_NOT_VALID', message: 'expires_at is not valid.' };
    expect(
      await refusal(desk, 'message.post', {
        text: 'Too late',
        expires_at: new Date(Date.now() - 1000).toISOString(),
      }),
    ).toEqual(invalid);
    expect(
      await refusal(desk, 'message.post', { text: 'No zone', expires_at: '2099-01-01T10:00:00' }),
    ).toEqual(invalid);
  });
});

async function auditOf(entity: string, id: number): Promise<string[]> {
  const log = await admin('GET', `/audit-events?entity=${entity}&entity_id=${id}`);
  return (log.body as { items: { action: string; route: string }[] }).items.map(
    (item) => `${item.action} ${item.route}`,
  );
}

async function countVisits(): Promise<number> {
  return Number((await sql.query("SELECT count(*) AS n FROM visits WHERE customer_id = 'demo'")).rows[0].n);
}

async function writes(): Promise<{ visits: string; changes: number; audit: number }> {
  const one = async (query: string) => (await sql.query(query)).rows[0];
  return {
    visits: (
      await one(
        "SELECT string_agg(id || ':' || phase_id || ':' || coalesce(badge_id, 0) || ':' || (completed_at IS NULL), ',' ORDER BY id) AS s FROM visits WHERE customer_id = 'demo'",
      )
    ).s,
    changes: Number((await one("SELECT count(*) AS n FROM change_log WHERE customer_id = 'demo'")).n),
    audit: Number((await one("SELECT count(*) AS n FROM audit_events WHERE customer_id = 'demo'")).n),
  };
}
