import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { startE2eServer } from './e2e-server.ts';

const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;
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

/** The code and link the screen shows while it waits to be activated. */
async function codeOnScreen(page: Page): Promise<{ code: string; link: string }> {
  const text = page.getByText(ACTIVATE_TEXT);
  await text.waitFor({ timeout: 30_000 });
  const code = ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '';
  const link = (await page.locator(`a[href*="user_code=${code}"]`).first().getAttribute('href')) ?? '';
  return { code, link };
}

/** A person with a phone: opens the link, checks the code, signs in, confirms or denies. */
async function onPhone(link: string, code: string, answer: 'Confirm' | 'Deny', email = 'admin@demo.test') {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(link);
  await expect.poll(() => page.getByText(code).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: answer }).click();
  if (answer === 'Confirm') {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('careboard-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Display activated').waitFor({ timeout: 15_000 });
  } else {
    await page.getByText('Activation denied').waitFor({ timeout: 15_000 });
  }
  await screenshot(page, `phone-${answer.toLowerCase()}`);
  await phone.close();
}

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

    await onPhone(link, code, 'Confirm');
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
    await onPhone(first.link, first.code, 'Deny');
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
