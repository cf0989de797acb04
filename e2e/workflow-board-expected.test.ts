import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITE } from '../apps/server/src/demo/demo-data.ts';
import { DEMO_CUSTOMER } from '../apps/server/src/demo/seed.ts';
import { localDay } from '../apps/server/src/domain/local-day.ts';
import { admitVisit } from '../apps/server/src/services/admit-visit.ts';
import { endExpectedVisit, expectVisit } from '../apps/server/src/services/expected-visits.ts';
import { type Db, openDatabase } from '../apps/server/src/store/database.ts';
import { listLocations } from '../apps/server/src/store/repositories/locations.ts';
import { listWorkflows } from '../apps/server/src/store/repositories/workflows.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { demoApi, hasScrollbar, openSignedInBoard } from './board-session.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { startE2eServer } from './e2e-server.ts';

/** Demo board 1: the Day Surgery workflow board (apps/server/src/demo/seed-boards.ts), here with show_expected. */
const BOARD_ID = 1;
const EXPECTED = '.workflow-row[data-expected="true"]';
/** The sizes asked for: a full-HD screen and a small 720p one. */
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

let server: TestServer;
let browser: Browser;
let db: Db;
let surgeryId: number;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  db = openDatabase(server.databaseUrl, 2);
  surgeryId = (await listWorkflows(db, DEMO_CUSTOMER.id)).find((w) => w.name === 'Day Surgery')?.id ?? 0;
  const call = await demoApi(server);
  // Pages turn every 5 s (not the demo's 20), so finding the page with both takes seconds, not a minute.
  expect(
    (await call('PATCH', `/display-boards/${BOARD_ID}`, { show_expected: true, page_rotation_sec: 5 }))
      .status,
  ).toBe(200);
  // Two patients the EHR expects: one late (due half an hour ago), one due in 20 minutes.
  const preOp = (await listLocations(db, DEMO_CUSTOMER.id)).find((location) => location.kind !== 'storage');
  const now = Date.now();
  await expectVisit(db, DEMO_CUSTOMER.id, {
    workflow_id: surgeryId,
    external_id: 'SCH-1001',
    external_patient_id: 'MRN-77',
    first_name: 'Olivia',
    last_name: 'Marchetti',
    expected_at: new Date(now - 30 * 60_000),
    source: 'siu',
    location_id: preOp?.id ?? null,
  });
  await expectVisit(db, DEMO_CUSTOMER.id, {
    workflow_id: surgeryId,
    external_id: 'V-2002',
    external_patient_id: 'MRN-78',
    first_name: 'Samuel',
    last_name: 'Okafor',
    // Due in 20 minutes, unless that is past the site's midnight (a board shows the day's, BRD-23):
    // then due 10 minutes ago (after the late one, still expected), so the test holds at any hour.
    expected_at: upcoming(now),
    source: 'adt',
  });
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterAll(async () => {
  await db?.destroy();
  await browser?.close();
  await server?.close();
});

/** Twenty minutes from now if that is still the site's day, else ten minutes ago. */
function upcoming(now: number): Date {
  const soon = now + 20 * 60_000;
  return soon < localDay(new Date(now), DEMO_SITE.default_timezone).end.getTime()
    ? new Date(soon)
    : new Date(now - 10 * 60_000);
}

/** True when every row on screen lies inside the board's body: paging cut none in half. */
function rowsInsideBody(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const body = document.querySelector('.board-body')?.getBoundingClientRect();
    const rows = [...document.querySelectorAll('.workflow-row')].map((row) => row.getBoundingClientRect());
    return (
      body !== undefined && rows.every((row) => row.top >= body.top - 1 && row.bottom <= body.bottom + 1)
    );
  });
}

/** A screenshot once the board is live and its fade from not live (0.4 s, board-chrome.css) is over. */
async function liveScreenshot(page: Page, name: string): Promise<void> {
  await page.locator('.board[data-live="true"]').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(500);
  await screenshot(page, name);
}

/** Waits for the page (the board rotates every 20 s) that shows both expected patients. */
async function pageWithBothExpected(page: Page): Promise<void> {
  await expect.poll(() => page.locator(EXPECTED).count(), { timeout: 90_000, interval: 500 }).toBe(2);
}

describe('expected patients on the workflow board (BRD-23)', () => {
  for (const viewport of SIZES) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`lists them apart from the patients present, marked Expected with their time, at ${size}`, async () => {
      const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, viewport);
      await pageWithBothExpected(page);
      const rows = page.locator(EXPECTED);
      expect(await rows.locator('.workflow-cell-display_name').allTextContents()).toEqual([
        'Olivia M.',
        'Samuel O.',
      ]);
      expect(await rows.locator('.workflow-expected-mark').allTextContents()).toEqual([
        'Expected',
        'Expected',
      ]);
      expect(await rows.nth(1).locator('.workflow-cell-time_in_phase').textContent()).toMatch(
        /\d:\d\d\s[AP]M/,
      );
      // No last name on the wall.
      expect(await page.locator('.board').textContent()).not.toContain('Marchetti');
      expect(await page.locator('.workflow-expected-count').textContent()).toBe('2 expected');
      expect(await hasScrollbar(page)).toBe(false);
      expect(await rowsInsideBody(page)).toBe(true);
      await liveScreenshot(page, `workflow-expected-${size}`);
      await context.close();
    });
  }

  it('gives them a lane before the first phase when the board shows a workflow at a time', async () => {
    const call = await demoApi(server);
    expect((await call('PATCH', `/display-boards/${BOARD_ID}`, { display_style_id: 3 })).status).toBe(200);
    try {
      const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, SIZES[0]);
      const lane = page.locator('.workflow-lane[data-expected="true"]');
      await lane.waitFor({ timeout: 30_000 });
      expect(await page.locator('.workflow-lane').first().getAttribute('data-expected')).toBe('true');
      expect(await lane.locator('.workflow-card').count()).toBe(2);
      expect(await hasScrollbar(page)).toBe(false);
      await liveScreenshot(page, 'workflow-expected-style-3-1920x1080');
      await context.close();
    } finally {
      await call('PATCH', `/display-boards/${BOARD_ID}`, { display_style_id: 1 });
    }
  });

  it('takes the row away when the patient arrives, and shows the visit instead, live', async () => {
    const { context, page } = await openSignedInBoard(browser, server, BOARD_ID, SIZES[0]);
    await pageWithBothExpected(page);
    const visit = await db.transaction().execute(async (trx) => {
      const made = await admitVisit(trx, DEMO_CUSTOMER.id, {
        first_name: 'Samuel',
        last_name: 'Okafor',
        workflow_id: surgeryId,
      });
      await endExpectedVisit(trx, DEMO_CUSTOMER.id, 'V-2002', 'arrived', { visitId: made.id });
      return made;
    });
    await expect.poll(() => page.locator(EXPECTED).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator(EXPECTED).locator('.workflow-cell-display_name').textContent()).toBe(
      'Olivia M.',
    );
    expect(await page.locator('.workflow-expected-count').textContent()).toBe('1 expected');
    // He joins the first phase, on the board's first page.
    await expect
      .poll(() => page.locator(`.workflow-row[data-key="visit:${visit.id}"]`).count(), { timeout: 45_000 })
      .toBe(1);
    await context.close();
  });
});
