import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { ACTIVATE_TEXT, codeOnScreen, confirmOnPhone } from './device-activation-flow.ts';
import { startE2eServer } from './e2e-server.ts';

let server: TestServer;
let browser: Browser;
let screen: BrowserContext;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  screen = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a screen activated as a device', () => {
  let page: Page;

  it('shows the code and its QR, is confirmed on a phone, and lands on its board', async () => {
    page = await screen.newPage();
    await page.goto(`${server.baseUrl}/?id=1&auth_flow=1`);
    const { code, link } = await codeOnScreen(page);
    expect(link).toBe(`${server.baseUrl}/activate?user_code=${code}`);
    await expect.poll(() => page.locator('img[alt], svg, canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('[role="progressbar"]').count()).toBe(0);
    await screenshot(page, 'device-code');

    await confirmOnPhone(browser, link, code, 'Confirm');
    await page.waitForURL(`${server.baseUrl}/workflow?id=1&auth_flow=1`, { timeout: 40_000 });
    await page.getByText('Day Surgery — Patient Flow').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'device-board');
  });

  it('stays signed in across a reload', async () => {
    await page.reload();
    await page.getByText('Day Surgery — Patient Flow').first().waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${server.baseUrl}/workflow?id=1&auth_flow=1`);
    expect(await page.getByText(ACTIVATE_TEXT).count()).toBe(0);
  });

  it("says 'Missing ID in url.' without an id", async () => {
    await page.goto(`${server.baseUrl}/?auth_flow=1`);
    await page.getByText('Missing ID in url.').waitFor({ timeout: 20_000 });
  });

  it("says 'Display board does not exist.' for an unknown board", async () => {
    await page.goto(`${server.baseUrl}/?id=999&auth_flow=1`);
    await page.getByText('Display board does not exist.').waitFor({ timeout: 20_000 });
    await screenshot(page, 'board-does-not-exist');
  });

  it("sends the board's other type routes to its own", async () => {
    await page.goto(`${server.baseUrl}/family?id=1&auth_flow=1`);
    await page.waitForURL(`${server.baseUrl}/workflow?id=1&auth_flow=1`, { timeout: 20_000 });
  });
});

describe('a denied activation', () => {
  it('shows the failure text and restarts with a new code', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/?id=1&auth_flow=1`);
    const first = await codeOnScreen(page);
    await confirmOnPhone(browser, first.link, first.code, 'Deny');
    await page
      .getByText('Authentication flow will restart automatically in 20 seconds.')
      .waitFor({ timeout: 20_000 });
    await page.getByText('The user or authorization server denied the transaction.').waitFor();
    await screenshot(page, 'device-denied');
    const second = await codeOnScreen(page);
    expect(second.code).not.toBe(first.code);
    await context.close();
  });
});

describe('a user without the board scope', () => {
  it('sees the permission message after signing in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/?id=1`);
    await page.getByLabel('Email').fill('visitor@demo.test', { timeout: 30_000 });
    await page.getByLabel('Password').fill('careboard-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('You do not have permissions to access this section.').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Close' }).count()).toBe(1);
    await screenshot(page, 'visitor-permission');
    await context.close();
  });
});
