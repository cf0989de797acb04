import { type BoardContentField, type BoardFrame, boardContentSubscription } from '@careboard/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callVisitToStation } from '../src/services/call-visit-to-station.ts';
import { moveAssetToLocation } from '../src/services/move-asset.ts';
import { moveVisitToPhase } from '../src/services/move-visit-to-phase.ts';
import { updateDisplayBoard } from '../src/services/update-display-board.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { graphqlClient, waitUntil } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

type Row = { key: string; type: string } & Record<string, unknown>;
type Frame = BoardFrame<Row>;

let server: TestServer;
let db: Db;
let sql: pg.Client;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.databaseUrl, 2);
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  token = await accessToken(server);
});
afterAll(async () => {
  await sql?.end();
  await db?.destroy();
  await server?.close();
});

/** A board's frames, parsed, as they arrive; and the raw text of each. */
function follow(field: BoardContentField, boardId: number, sinceVersion?: string) {
  const frames: Frame[] = [];
  const texts: string[] = [];
  let error: unknown;
  const client = graphqlClient(server, () => token);
  const stop = client.subscribe<Record<string, string>>(
    {
      query: boardContentSubscription(field),
      variables: { displayBoardId: boardId, sinceVersion: sinceVersion ?? null },
    },
    {
      next: (value) => {
        if (value.errors) error = value.errors;
        const text = value.data?.[field];
        if (text) {
          texts.push(text);
          frames.push(JSON.parse(text) as Frame);
        }
      },
      error: (e) => (error = e),
      complete: () => {},
    },
  );
  return {
    frames,
    texts,
    error: () => error,
    close: async () => {
      stop();
      await client.dispose();
    },
  };
}

/** A board's rows after applying frames in order: what the screen holds. */
function apply(frames: readonly Frame[], start = new Map<string, Row>()): Map<string, Row> {
  const rows = new Map(start);
  for (const frame of frames) {
    if (frame.kind === 'snapshot') rows.clear();
    for (const key of frame.removed) rows.delete(key);
    for (const row of frame.upserts) rows.set(row.key, row);
  }
  return rows;
}

async function activeVisit(workflowId: number, offset = 0) {
  const { rows } = await sql.query(
    `SELECT v.id, v.phase_id, (SELECT p.id FROM phases p WHERE p.workflow_id = v.workflow_id AND p.id <> v.phase_id ORDER BY p.position LIMIT 1) AS other_phase
     FROM visits v WHERE v.customer_id = 'demo' AND v.workflow_id = $1 AND v.completed_at IS NULL ORDER BY v.id LIMIT 1 OFFSET $2`,
    [workflowId, offset],
  );
  return rows[0] as { id: number; phase_id: number; other_phase: number };
}

describe('workflow board content', () => {
  it('sends a snapshot first, then a frame with only the changed visit, versions growing', async () => {
    const board = follow('workflowBoard', 1);
    await waitUntil(() => board.frames.length === 1);
    const snapshot = board.frames[0] as Frame;
    expect(snapshot.kind).toBe('snapshot');
    expect(snapshot.upserts.some((row) => row.type === 'phase')).toBe(true);
    const visits = snapshot.upserts.filter((row) => row.type === 'visit');
    expect(visits.length).toBeGreaterThan(5);
    expect(Object.keys(visits[0] ?? {}).sort()).toEqual(
      [
        'away_since',
        'badge_label',
        'display_name',
        'key',
        'location_name',
        'phase_entered_at',
        'phase_id',
        'staff',
        'station_name',
        'type',
        'visit_id',
        'workflow_id',
      ].sort(),
    );

    const visit = await activeVisit(1);
    await moveVisitToPhase(db, 'demo', { visit_id: visit.id, phase_id: visit.other_phase });
    await waitUntil(() => board.frames.length >= 2);
    const change = board.frames[1] as Frame;
    expect(change.kind).toBe('changes');
    expect(change.upserts.filter((row) => row.type === 'visit').map((row) => row.visit_id)).toEqual([
      visit.id,
    ]);
    expect(change.upserts.find((row) => row.key === `visit:${visit.id}`)?.phase_id).toBe(visit.other_phase);
    expect(BigInt(change.version.split('.')[0] ?? '0')).toBeGreaterThan(
      BigInt(snapshot.version.split('.')[0] ?? '0'),
    );
    await board.close();
  });

  it('gives a board that resubscribes with its last version exactly the frames it missed', async () => {
    const first = follow('workflowBoard', 1);
    await waitUntil(() => first.frames.length === 1);
    // A second, steady subscriber keeps the board's history alive while the first is away.
    const steady = follow('workflowBoard', 1);
    await waitUntil(() => steady.frames.length === 1);
    const held = apply(first.frames);
    const lastVersion = first.frames.at(-1)?.version ?? '';
    await first.close();

    const a = await activeVisit(1);
    await moveVisitToPhase(db, 'demo', { visit_id: a.id, phase_id: a.other_phase });
    const b = await activeVisit(1, 3);
    await moveVisitToPhase(db, 'demo', { visit_id: b.id, phase_id: b.other_phase });
    await waitUntil(
      () =>
        steady.frames.length >= 2 && steady.frames.some((f) => f.upserts.some((r) => r.visit_id === b.id)),
    );

    const again = follow('workflowBoard', 1, lastVersion);
    await waitUntil(() => again.frames.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.frames.every((frame) => frame.kind === 'changes')).toBe(true);
    expect(again.frames.map((f) => f.version)).toEqual(steady.frames.slice(1).map((f) => f.version));
    const fresh = follow('workflowBoard', 1);
    await waitUntil(() => fresh.frames.length === 1);
    expect(apply(again.frames, held)).toEqual(apply(fresh.frames));
    await Promise.all([again.close(), steady.close(), fresh.close()]);
  });

  it('sends a snapshot to a board whose version is unknown here', async () => {
    const board = follow('workflowBoard', 1, '1.999');
    await waitUntil(() => board.frames.length === 1);
    expect(board.frames[0]?.kind).toBe('snapshot');
    await board.close();
  });

  it('ends a subscription for a board of another type with the not-found error', async () => {
    const wrong = follow('workflowBoard', 2);
    await waitUntil(() => wrong.error() !== undefined);
    expect(JSON.stringify(wrong.error())).toContain('Display board does not exist.');
    await wrong.close();
  });
});

describe('family board privacy', () => {
  it('never sends a last name or a staff name; the display name only when configured', async () => {
    const lastNames = (
      await sql.query("SELECT DISTINCT last_name FROM visits WHERE customer_id = 'demo'")
    ).rows.map((r) => r.last_name as string);
    const staffNames = (
      await sql.query("SELECT display_name FROM staff WHERE customer_id = 'demo'")
    ).rows.map((r) => r.display_name as string);
    const board = follow('familyBoard', 2);
    await waitUntil(() => board.frames.length === 1);
    const visits = (board.frames[0]?.upserts ?? []).filter((row) => row.type === 'visit');
    expect(visits.length).toBeGreaterThan(5);
    for (const row of visits) {
      expect(Object.keys(row).sort()).toEqual([
        'code',
        'display_name',
        'key',
        'phase_id',
        'status_since',
        'type',
      ]);
    }
    await updateDisplayBoard(db, 'demo', 2, { show_display_name: false });
    await waitUntil(() => board.frames.length >= 2);
    const rows = apply(board.frames);
    for (const row of rows.values()) if (row.type === 'visit') expect(row).not.toHaveProperty('display_name');
    const everything = board.texts.join('\n');
    for (const name of lastNames) expect(everything).not.toMatch(new RegExp(`\\b${name}\\b`));
    for (const name of staffNames) expect(everything).not.toContain(name);
    await updateDisplayBoard(db, 'demo', 2, { show_display_name: true });
    await board.close();
  });
});

describe('patient board', () => {
  it('names the organization as announcements do (the customer name, for the idle view)', async () => {
    const board = follow('patientBoard', 3);
    await waitUntil(() => board.frames.length === 1);
    expect(board.frames[0]?.upserts).toContainEqual({
      key: 'organization',
      type: 'organization',
      name: 'Riverside Medical Center',
    });
    await board.close();
  });

  it('sends a call with its announcement in the first name only', async () => {
    const board = follow('patientBoard', 3);
    await waitUntil(() => board.frames.length === 1);
    const visit = (
      await sql.query(
        'SELECT v.id, v.first_name, v.last_name FROM visits v JOIN display_board_workflows w ON w.workflow_id = v.workflow_id AND w.display_board_id = 3 WHERE v.completed_at IS NULL ORDER BY v.id LIMIT 1',
      )
    ).rows[0];
    const station = (
      await sql.query("SELECT id, name FROM stations WHERE customer_id = 'demo' ORDER BY id LIMIT 1")
    ).rows[0];
    await callVisitToStation(db, 'demo', { visit_id: visit.id, station_id: station.id });
    await waitUntil(() =>
      board.frames.some((f) => f.kind === 'changes' && f.upserts.some((r) => r.type === 'call')),
    );
    const call = board.frames
      .flatMap((f) => f.upserts)
      .filter((r) => r.type === 'call')
      .at(-1);
    expect(call).toMatchObject({ station_name: station.name });
    expect(String(call?.announcement)).toContain(station.name);
    expect(board.texts.join('')).not.toContain(visit.last_name);
    await board.close();
  });
});

describe('assets PAR-level board', () => {
  it('counts assets against PAR levels and follows an asset that moves', async () => {
    const board = follow('assetsBoard', 4);
    await waitUntil(() => board.frames.length === 1);
    const rows = board.frames[0]?.upserts ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.status === 'below')).toBe(true);
    const target = rows[0] as Row;
    const asset = (
      await sql.query(
        'SELECT id FROM assets WHERE asset_type_id = $1 AND (location_id IS NULL OR location_id <> $2) LIMIT 1',
        [target.asset_type_id, target.location_id],
      )
    ).rows[0];
    await moveAssetToLocation(db, 'demo', { asset_id: asset.id, location_id: target.location_id as number });
    await waitUntil(() => board.frames.length >= 2);
    const moved = apply(board.frames).get(target.key);
    expect(moved?.count).toBe((target.count as number) + 1);
    const changedAt = board.frames[1]?.changed_at;
    expect(changedAt).toBeTruthy();
    await board.close();

    // A board opened later (its publisher starts afresh) knows when its last change was at once.
    const later = follow('assetsBoard', 4);
    await waitUntil(() => later.frames.length === 1);
    expect(later.frames[0]?.kind).toBe('snapshot');
    expect(later.frames[0]?.changed_at).toBe(changedAt);
    await later.close();
  });
});
