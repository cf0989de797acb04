import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from '../apps/server/test/api-client.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { ACTIVATE_TEXT, codeOnScreen, confirmOnPhone } from './device-activation-flow.ts';
import { startE2eServer } from './e2e-server.ts';

// Screens managed from the back office, in Chromium (decisions BOF-42 to BOF-47).
const WORKFLOW_TITLE = 'Day Surgery — Patient Flow';
const FAMILY_TITLE = 'Surgery Family Waiting Room';
let server: TestServer;
let browser: Browser;
let screenContext: BrowserContext;
let admin: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
let page: Page;
let deviceId: number;

beforeAll(async () => {
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  browser = await launchBrowser();
  screenContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  admin = await apiClient(
    server,
    await accessToken(server, { scope: 'access:display-board read:kiosks write:*' }),
  );
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Device {
  readonly id: number;
  readonly display_board_id: number | null;
  readonly online: boolean;
  readonly revoked_at: string | null;
  readonly activated_by: string | null;
}

const device = async () => (await admin('GET', `/devices/${deviceId}`)).body as Device;

/** Milliseconds until `check` holds, polled every 100 ms; throws after `ms`. */
async function msUntil(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

const marker = (target: Page) =>
  target.evaluate(() => (window as unknown as { careboardMarker?: string }).careboardMarker ?? null);

describe('a screen managed from the back office', () => {
  it('shows where to enter its code, is activated, and is online within 5 s of connecting', async () => {
    page = await screenContext.newPage();
    await page.goto(`${server.baseUrl}/?id=1&auth_flow=1`);
    const { code, link } = await codeOnScreen(page);
    // Where to enter the code, on its own line under the specification's text (BOF-47).
    await page.getByText(`Enter the code at ${server.baseUrl}/activate`, { exact: true }).waitFor();
    await screenshot(page, 'device-management-code');
    await confirmOnPhone(browser, link, code, 'Confirm');
    await page.getByText(WORKFLOW_TITLE).first().waitFor({ timeout: 40_000 });
    const connected = Date.now();

    const listed = (await admin('GET', '/devices?display_board_id=1&revoked=false')).body as {
      items: Device[];
    };
    const mine = listed.items.at(-1);
    expect(mine).toMatchObject({ display_board_id: 1, activated_by: 'admin@demo.test', revoked_at: null });
    deviceId = mine?.id ?? 0;
    await msUntil(async () => (await device()).online, 5_000);
    expect(Date.now() - connected).toBeLessThan(5_000);
    await screenshot(page, 'device-management-online');
  }, 90_000);

  it('shows another board within 5 s of a PATCH, without reloading the page', async () => {
    await page.evaluate(() => {
      (window as unknown as { careboardMarker?: string }).careboardMarker = 'still this page';
    });
    expect(await admin('PATCH', `/devices/${deviceId}`, { display_board_id: 2 })).toMatchObject({
      status: 200,
    });
    await page.getByText(FAMILY_TITLE).first().waitFor({ timeout: 5_000 });
    expect(page.url()).toBe(`${server.baseUrl}/family?id=2&auth_flow=1`);
    expect(await marker(page)).toBe('still this page');
    await screenshot(page, 'device-management-other-board');
  }, 20_000);

  it('reloads its page within 5 s when asked', async () => {
    expect(await marker(page)).toBe('still this page');
    expect(await admin('POST', `/devices/${deviceId}/reload`)).toMatchObject({ status: 204 });
    await msUntil(async () => (await marker(page).catch(() => 'navigating')) === null, 5_000);
    await page.getByText(FAMILY_TITLE).first().waitFor({ timeout: 15_000 });
    // The reloaded page does not reload again.
    await page.evaluate(() => {
      (window as unknown as { careboardMarker?: string }).careboardMarker = 'after the reload';
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await marker(page)).toBe('after the reload');
    await screenshot(page, 'device-management-reloaded');
  }, 30_000);

  it('is offline within 15 s of its tab closing', async () => {
    await msUntil(async () => (await device()).online, 5_000);
    await page.close();
    const took = await msUntil(async () => !(await device()).online, 15_000);
    expect(took).toBeLessThan(15_000);
  }, 30_000);

  it('shows its activation code again within 10 s of being revoked', async () => {
    // The screen comes back (its refresh token is kept), then is revoked.
    page = await screenContext.newPage();
    await page.goto(`${server.baseUrl}/?id=2&auth_flow=1`);
    await page.getByText(FAMILY_TITLE).first().waitFor({ timeout: 30_000 });
    await msUntil(async () => (await device()).online, 5_000);
    expect(await admin('POST', `/devices/${deviceId}/revoke`)).toMatchObject({ status: 204 });
    const revoked = Date.now();
    await page.getByText(ACTIVATE_TEXT).waitFor({ timeout: 10_000 });
    expect(Date.now() - revoked).toBeLessThan(10_000);
    expect(await page.getByText(FAMILY_TITLE).count()).toBe(0);
    expect(await device()).toMatchObject({ online: false, revoked_at: expect.any(String) });
    await screenshot(page, 'device-management-revoked');
  }, 60_000);
});
