import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../apps/server/src/demo/seed.ts';
import { openDatabase } from '../apps/server/src/store/database.ts';
import { listAssets, listAssetTypes } from '../apps/server/src/store/repositories/assets.ts';
import { listLocations } from '../apps/server/src/store/repositories/locations.ts';
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

const ASSETS_BOARD = 4;
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

/**
 * The demo's ids for East Hallway (3–6 wheelchairs, 1 there; 1–2 stretchers, 3 there),
 * read from the store: the API has no listing of assets. Changes still go through the API.
 */
async function eastHallway(databaseUrl: string) {
  const db = openDatabase(databaseUrl, 1);
  try {
    const [locations, types, assets] = await Promise.all([
      listLocations(db, DEMO_CUSTOMER.id),
      listAssetTypes(db, DEMO_CUSTOMER.id),
      listAssets(db, DEMO_CUSTOMER.id),
    ]);
    const location = locations.find((each) => each.name === 'East Hallway');
    const wheelchair = types.find((each) => each.name === 'Wheelchair');
    const stretcher = types.find((each) => each.name === 'Stretcher');
    if (!location || !wheelchair || !stretcher)
      throw new Error('the demo data changed: no East Hallway levels');
    const wheelchairs = assets.filter(
      (asset) => asset.location_id === location.id && asset.asset_type_id === wheelchair.id,
    );
    return { locationId: location.id, wheelchairId: wheelchair.id, stretcherId: stretcher.id, wheelchairs };
  } finally {
    await db.destroy();
  }
}

/** Every level row on screen lies inside the table's area: none is cut off at the bottom. */
function rowsInsideArea(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const area = document.querySelector('.par-area')?.getBoundingClientRect();
    if (!area) return false;
    return [...document.querySelectorAll('.par-row')].every((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= area.top - 0.5 && box.bottom <= area.bottom + 0.5;
    });
  });
}

const summary = (page: Page) => page.getByTestId('par-summary');
const firstRow = (page: Page) => page.locator('.par-row[data-key]').first();

/** The number the summary gives for locations below PAR. */
async function locationsBelow(page: Page): Promise<number> {
  const text = (await summary(page).textContent()) ?? '';
  if (/No locations below PAR/.test(text)) return 0;
  return Number(/(\d+) locations? below PAR/.exec(text)?.[1] ?? Number.NaN);
}

describe('the assets PAR-level board on demo board 4', () => {
  for (const viewport of BOARD_VIEWPORTS) {
    it(`shows the levels, shortages first, without a scrollbar at ${viewport.width}×${viewport.height}`, async () => {
      const { context, page } = await openSignedInBoard(browser, server, ASSETS_BOARD, viewport);
      try {
        await firstRow(page).waitFor({ timeout: 15_000 });
        await page.getByText('Equipment PAR Levels').first().waitFor();
        expect(await summary(page).textContent()).toMatch(/\d+ locations? below PAR/);
        expect(await firstRow(page).getAttribute('data-status')).toBe('below');
        expect(await firstRow(page).textContent()).toMatch(/\d+ short/);
        expect(await page.locator('.par-row[data-status="above"]').count()).toBeGreaterThan(0);
        expect(await hasScrollbar(page)).toBe(false);
        expect(await rowsInsideArea(page)).toBe(true);
        // Large type: a level's text stands at least 2.5% of the screen's height.
        const fontPx = await firstRow(page).evaluate((row) =>
          Number.parseFloat(getComputedStyle(row).fontSize),
        );
        expect(fontPx).toBeGreaterThanOrEqual(viewport.height * 0.025);
        await screenshot(page, `assets-board-${viewport.width}x${viewport.height}`);
      } finally {
        await context.close();
      }
    });
  }

  it('pages the levels when the screen is too short for all of them', async () => {
    const { context, page } = await openSignedInBoard(browser, server, ASSETS_BOARD, {
      width: 1366,
      height: 400,
    });
    try {
      await firstRow(page).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('page-indicator').textContent()).toMatch(/^Page 1 of [2-9]$/);
      expect(await hasScrollbar(page)).toBe(false);
      expect(await rowsInsideArea(page)).toBe(true);
      await screenshot(page, 'assets-board-1366x400-paged');
    } finally {
      await context.close();
    }
  });

  it('shows an asset moved and PAR levels changed through the API, live', async () => {
    const { context, page } = await openSignedInBoard(browser, server, ASSETS_BOARD, BOARD_VIEWPORTS[1]);
    try {
      await firstRow(page).waitFor({ timeout: 15_000 });
      const hallway = await eastHallway(server.databaseUrl);
      const key = `par:${hallway.locationId}:${hallway.wheelchairId}`;
      const call = await demoApi(server);

      // The hallway's wheelchairs go out for repair: 0 of 3–6, the largest shortage, first on the board.
      for (const asset of hallway.wheelchairs) {
        expect((await call('PUT', `/assets/${asset.id}/location`, { location_id: null })).status).toBe(200);
      }
      await expect.poll(() => firstRow(page).getAttribute('data-key'), { timeout: 10_000 }).toBe(key);
      expect(await firstRow(page).textContent()).toContain('3 short');
      await page
        .getByTestId('par-last-change')
        .getByText(/^Last change \d{1,2}:\d{2}/)
        .waitFor();
      const belowBefore = await locationsBelow(page);

      // The hallway needs no wheelchairs and may hold three stretchers: no shortage there any more.
      const levels = [
        { asset_type_id: hallway.wheelchairId, min: 0, max: 6 },
        { asset_type_id: hallway.stretcherId, min: 1, max: 3 },
      ];
      expect((await call('PUT', `/locations/${hallway.locationId}/par-levels`, { levels })).status).toBe(200);
      await expect.poll(() => locationsBelow(page), { timeout: 10_000 }).toBe(belowBefore - 1);
      expect(await firstRow(page).getAttribute('data-key')).not.toBe(key);
      await screenshot(page, 'assets-board-after-changes');
    } finally {
      await context.close();
    }
  });

  it("dims with 'Reconnecting — data as of' while the server is down, and is live again after it restarts", async () => {
    const { context, page } = await openSignedInBoard(browser, server, ASSETS_BOARD, BOARD_VIEWPORTS[1]);
    try {
      await firstRow(page).waitFor({ timeout: 15_000 });
      await expectStaleAcrossRestart(page, server, {
        content: '.par-row[data-key]',
        screenshot: 'assets-board-stale',
        restarted: (restarted) => {
          server = restarted;
        },
      });
    } finally {
      await context.close();
    }
  });
});
