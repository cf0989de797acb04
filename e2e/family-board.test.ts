import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import {
  BOARD_VIEWPORTS,
  demoApi,
  expectStaleAcrossRestart,
  hasScrollbar,
  openSignedInBoard,
} from './board-session.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { startE2eServer } from './e2e-server.ts';
import { query } from './sql.ts';

/** The demo's family board: Day Surgery, family codes (no badges), display names shown. */
const FAMILY_BOARD = 2;
const PHASE_NAMES = ['Check-in', 'Pre-op', 'In Surgery', 'Recovery', 'Ready for Discharge'];

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The family board's first phase, and a visit of its workflow in progress elsewhere. */
async function visitToMove(): Promise<{ visitId: number; code: string; phaseId: number; phaseName: string }> {
  const [phase] = await query<{ id: number; name: string; workflow_id: number }>(
    server,
    `SELECT p.id, p.name, p.workflow_id FROM phases p
       JOIN display_board_workflows w ON w.workflow_id = p.workflow_id AND w.display_board_id = $1
      ORDER BY p.position LIMIT 1`,
    [FAMILY_BOARD],
  );
  if (!phase) throw new Error('the family board has no phases');
  const [visit] = await query<{ id: number; family_code: string }>(
    server,
    `SELECT id, family_code FROM visits
      WHERE workflow_id = $1 AND phase_id <> $2 AND completed_at IS NULL
      ORDER BY id LIMIT 1`,
    [phase.workflow_id, phase.id],
  );
  if (!visit) throw new Error('no visit to move');
  return { visitId: visit.id, code: visit.family_code, phaseId: phase.id, phaseName: phase.name };
}

async function openFamilyBoard(viewport: { readonly width: number; readonly height: number }): Promise<Page> {
  const { context, page } = await openSignedInBoard(browser, server, FAMILY_BOARD, viewport);
  contexts.push(context);
  await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
  return page;
}

/** 'Page 1 of 3' → 3; no indicator (everything fits) → 1. */
async function pageTotal(page: Page): Promise<number> {
  const indicator = page.getByTestId('page-indicator');
  if ((await indicator.count()) === 0) return 1;
  return Number(/(\d+)\D*$/.exec((await indicator.textContent()) ?? '')?.[1] ?? 0);
}

function rowWithCode(page: Page, code: string) {
  return page.locator('tbody tr', { hasText: code });
}

describe('the family board on the demo data', () => {
  for (const viewport of BOARD_VIEWPORTS) {
    it(`fills ${viewport.width}×${viewport.height}: codes, names, status with shape, time, legend; no scrollbar`, async () => {
      const page = await openFamilyBoard(viewport);
      await page.getByText('Surgery Family Waiting Room').waitFor();
      const headings = await page.getByRole('columnheader').allTextContents();
      expect(headings.map((text) => text.toLowerCase())).toEqual([
        'code',
        'name',
        'status',
        'time in status',
      ]);

      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      const first = rows.first().locator('td');
      expect(await first.nth(0).textContent()).toMatch(/^[A-Z0-9]{5}$/);
      expect(await first.nth(1).textContent()).toMatch(/^\S+ [A-Z]\.$/);
      expect(PHASE_NAMES).toContain(await first.nth(2).textContent());
      expect(await first.nth(2).locator('svg[data-shape]').count()).toBe(1);
      expect(await first.nth(3).textContent()).toMatch(/\d+ (min|hr)/);

      const legend = page.getByRole('list', { name: 'What the colors mean' }).getByRole('listitem');
      expect(await legend.allTextContents()).toEqual(PHASE_NAMES);
      const shapes = await legend
        .locator('svg')
        .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('data-shape')));
      expect(new Set(shapes).size).toBe(PHASE_NAMES.length);

      // Every row drawn fits inside the board: paged, never clipped or scrolled.
      const fits = await page.evaluate(() => {
        const area = document.querySelector('.family')?.getBoundingClientRect();
        const last = [...document.querySelectorAll('tbody tr')].at(-1)?.getBoundingClientRect();
        return Boolean(area && last && last.bottom <= area.bottom + 0.5);
      });
      expect(fits).toBe(true);
      expect(await hasScrollbar(page)).toBe(false);
      await screenshot(page, `family-board-${viewport.width}x${viewport.height}`);
    });
  }

  it('pages when the viewport shrinks, still without a scrollbar', async () => {
    const page = await openFamilyBoard({ width: 1366, height: 768 });
    const before = await pageTotal(page);
    await page.setViewportSize({ width: 1366, height: 400 });
    await expect.poll(() => pageTotal(page), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await page.getByTestId('page-indicator').textContent()).toMatch(/^Page 1 of \d+$/);
    expect(await hasScrollbar(page)).toBe(false);
    await screenshot(page, 'family-board-1366x400-paged');
  });

  it('shows a move made through the API live: the new status, its shape, and the time restarted', async () => {
    const page = await openFamilyBoard(BOARD_VIEWPORTS[1]);
    const move = await visitToMove();
    const api = await demoApi(server);
    // Moved to the first phase it becomes that phase's newest patient: on the first page, which
    // a freshly opened board shows for the first rotation period.
    const answer = await api('POST', `/visits/${move.visitId}/phase`, { phase_id: move.phaseId });
    expect(answer.status).toBe(200);
    const row = rowWithCode(page, move.code);
    await expect.poll(() => row.locator('td').nth(2).textContent(), { timeout: 10_000 }).toBe(move.phaseName);
    expect(await row.locator('td').nth(3).textContent()).toBe('0 min');
    expect(await row.locator('svg').getAttribute('data-shape')).toBe('circle');
    await screenshot(page, 'family-board-after-move');
  });

  it("dims and says 'Reconnecting — data as of' when the server stops, and is live again after restart", async () => {
    const page = await openFamilyBoard(BOARD_VIEWPORTS[0]);
    await expectStaleAcrossRestart(page, server, {
      content: 'tbody tr',
      screenshot: 'family-board-stale',
      restarted: (restarted) => {
        server = restarted;
      },
    });
  });
});

describe('privacy', () => {
  it("sends and shows no demo patient's last name", async () => {
    const lastNames = (
      await query<{ last_name: string }>(
        server,
        'SELECT DISTINCT last_name FROM visits WHERE last_name <> $1',
        [''],
      )
    ).map((row) => row.last_name);
    expect(lastNames.length).toBeGreaterThan(0);
    const patterns = lastNames.map(
      (name) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`),
    );
    // The check can fail: each pattern finds its name in a text that holds it.
    for (const [i, pattern] of patterns.entries())
      expect(pattern.test(`visit of ${lastNames[i]}.`)).toBe(true);

    // Frames are captured from before the board is opened: the snapshot and every change after it.
    const context = await browser.newContext({ viewport: BOARD_VIEWPORTS[1] });
    contexts.push(context);
    const page = await context.newPage();
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8'));
      });
    });
    await page.goto(`${server.baseUrl}/?id=${FAMILY_BOARD}`);
    await page.getByLabel('Email').fill('admin@demo.test', { timeout: 30_000 });
    await page.getByLabel('Password').fill('careboard-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });

    // A change after the snapshot, so a changes frame is checked too.
    const move = await visitToMove();
    const api = await demoApi(server);
    expect((await api('POST', `/visits/${move.visitId}/phase`, { phase_id: move.phaseId })).status).toBe(200);
    const visitFrames = () => frames.filter((text) => text.includes('familyBoard') && /visit:\d+/.test(text));
    await expect.poll(() => visitFrames().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(visitFrames().some((text) => text.includes(move.code))).toBe(true);

    const text = await page.evaluate(() => document.body.innerText);
    const html = await page.evaluate(() => document.body.innerHTML);
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
    for (const [i, pattern] of patterns.entries()) {
      const name = lastNames[i];
      expect(
        frames.filter((frame) => pattern.test(frame)),
        `frames holding ${name}`,
      ).toEqual([]);
      expect(pattern.test(text), `page text holding ${name}`).toBe(false);
      expect(pattern.test(html), `page HTML holding ${name}`).toBe(false);
    }
  });
});
