import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Demo board 1: the Day Surgery workflow board (apps/server/src/demo/seed-boards.ts). */
const BOARD_ID = 1;
const ROWS = '.workflow-row';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** True when every patient row on screen lies inside the board's body: paging cut none in half. */
function rowsInsideBody(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const body = document.querySelector('.board-body')?.getBoundingClientRect();
    const rows = [...document.querySelectorAll('.workflow-row')].map((row) => row.getBoundingClientRect());
    return (
      body !== undefined && rows.every((row) => row.top >= body.top - 1 && row.bottom <= body.bottom + 1)
    );
  });
}

/** The demo workflow's phases by name, read from the store (the REST API has no phase listing). */
async function demoPhases(): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; name: string }>(
      `SELECT p.id, p.name FROM phases p JOIN workflows w ON w.id = p.workflow_id AND w.customer_id = p.customer_id
       WHERE p.customer_id = 'demo' AND w.name = 'Day Surgery'`,
    );
    return new Map(rows.map((row) => [row.name, row.id]));
  } finally {
    await client.end();
  }
}

/** The demo board's own workflow, to put the board back as it was. */
async function daySurgeryWorkflow(): Promise<number[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      "SELECT id FROM workflows WHERE customer_id = 'demo' AND name = 'Day Surgery'",
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

describe('the workflow board on the demo data', () => {
  for (const viewport of BOARD_VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`shows patient rows at ${size} without a scrollbar`, async () => {
      const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, viewport);
      await page.locator(ROWS).first().waitFor({ timeout: 15_000 });
      expect(await page.locator(ROWS).count()).toBeGreaterThan(3);
      expect(await page.getByRole('columnheader', { name: 'In phase' }).count()).toBe(1);
      expect(await page.locator(`${ROWS} .workflow-phase-pill`).count()).toBeGreaterThan(0);
      expect(await hasScrollbar(page)).toBe(false);
      expect(await rowsInsideBody(page)).toBe(true);
      await screenshot(page, `workflow-${size}`);
      await context.close();
    });
  }

  it('pages when the viewport shrinks, still without a scrollbar', async () => {
    const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, {
      width: 1366,
      height: 400,
    });
    const indicator = page.getByTestId('page-indicator');
    await indicator.waitFor({ timeout: 15_000 });
    expect(await indicator.textContent()).toMatch(/^Page 1 of [2-9]$/);
    expect(await hasScrollbar(page)).toBe(false);
    expect(await rowsInsideBody(page)).toBe(true);
    await screenshot(page, 'workflow-1366x400-paged');
    await context.close();
  });

  it('shows a patient moved through the API in the new phase, live', async () => {
    const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, BOARD_VIEWPORTS[1]);
    await page.locator(ROWS).first().waitFor({ timeout: 15_000 });
    const phases = await demoPhases();
    const checkIn = phases.get('Check-in');
    // A patient on screen not yet checked in; moved to Check-in, it joins the first phase (page 1).
    const row = page
      .locator(ROWS)
      .filter({ hasNot: page.locator('.workflow-phase-pill', { hasText: 'Check-in' }) });
    const key = (await row.first().getAttribute('data-key')) ?? '';
    const visitId = Number(key.replace('visit:', ''));
    expect(visitId).toBeGreaterThan(0);

    const call = await demoApi(server);
    const answer = await call('POST', `/visits/${visitId}/phase`, { phase_id: checkIn });
    expect(answer.status).toBe(200);
    const moved = page.locator(`${ROWS}[data-key="${key}"]`);
    // The board rotates its pages every 20 s: allow for the row's page to come round.
    await expect
      .poll(
        () =>
          moved
            .locator('.workflow-phase-pill')
            .textContent({ timeout: 1_000 })
            .catch(() => null),
        {
          timeout: 45_000,
        },
      )
      .toBe('Check-in');
    expect(await moved.locator('.workflow-cell-time_in_phase').textContent()).toBe('0 min');
    await screenshot(page, 'workflow-after-move');
    await context.close();
  });

  it('shows a phase at a time and a workflow at a time when the board is set so, live', async () => {
    const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, BOARD_VIEWPORTS[1]);
    await page.locator(ROWS).first().waitFor({ timeout: 15_000 });
    const call = await demoApi(server);
    try {
      // Both demo workflows, side by side one at a time.
      expect(
        (await call('PATCH', `/display-boards/${BOARD_ID}`, { display_style_id: 3, workflow_ids: [] }))
          .status,
      ).toBe(200);
      await page.locator('.workflow-lane').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.workflow-lane').count()).toBe(5);
      expect(await page.locator('.workflow-card').count()).toBeGreaterThan(0);
      expect(await page.getByRole('heading', { level: 2 }).textContent()).toMatch(
        /^(Day Surgery|Walk-in Clinic)$/,
      );
      expect(await hasScrollbar(page)).toBe(false);
      await screenshot(page, 'workflow-style-3');

      expect((await call('PATCH', `/display-boards/${BOARD_ID}`, { display_style_id: 2 })).status).toBe(200);
      await page.locator('.workflow-phase-heading-title').waitFor({ timeout: 15_000 });
      expect(await page.locator('.workflow-phase-heading-title .workflow-phase-pill').count()).toBe(1);
      expect(await page.locator(ROWS).count()).toBeGreaterThan(0);
      expect(await page.getByTestId('page-indicator').textContent()).toMatch(/^Page 1 of \d+$/);
      expect(await hasScrollbar(page)).toBe(false);
      expect(await rowsInsideBody(page)).toBe(true);
      await screenshot(page, 'workflow-style-2');
    } finally {
      await call('PATCH', `/display-boards/${BOARD_ID}`, {
        display_style_id: 1,
        workflow_ids: await daySurgeryWorkflow(),
      });
    }
    await context.close();
  });

  it('says it is reconnecting with the time of its data when the server stops, and is live again after', async () => {
    const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, BOARD_VIEWPORTS[0]);
    await page.locator(ROWS).first().waitFor({ timeout: 15_000 });
    await expectStaleAcrossRestart(page, server, {
      content: ROWS,
      screenshot: 'workflow-stale',
      restarted: (restarted) => {
        server = restarted;
      },
    });
    await context.close();
  });
});
