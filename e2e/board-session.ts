import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiClient } from '../apps/server/test/api-client.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { screenshot } from './browser.ts';
import { startE2eServer } from './e2e-server.ts';

/** The sizes every board must fill without scrolling (SCR-06; product.md, 1366×768 up to 3840×2160). */
export const BOARD_VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;

/**
 * A browser context signed in to the board app as admin@demo.test (standard
 * flow through the embedded provider's sign-in page), showing board `id`.
 */
export async function openSignedInBoard(
  browser: Browser,
  server: TestServer,
  id: number,
  viewport: { readonly width: number; readonly height: number } = BOARD_VIEWPORTS[1],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/?id=${id}`);
  await page.getByLabel('Email').fill('admin@demo.test', { timeout: 60_000 });
  await page.getByLabel('Password').fill('careboard-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.board[data-live="true"]').waitFor({ timeout: 60_000 });
  return { context, page };
}

/** The REST API with an admin's token of the demo customer, as a console would call it. */
export async function demoApi(server: TestServer) {
  const token = await accessToken(server, {
    sub: 'e2e-admin',
    scope: 'access:display-board read:patients write:patients write:* read:*',
  });
  return apiClient(server, token);
}

/** True when the page can scroll in either direction (a board never may). */
export function hasScrollbar(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1;
  });
}

/**
 * Stops the server (boards lose their live connection) and answers a function
 * that starts it again on the same port and database (boards reconnect).
 */
export async function stopServer(server: TestServer): Promise<() => Promise<TestServer>> {
  const { databaseUrl } = server;
  const port = Number(new URL(server.baseUrl).port);
  await server.close();
  return () => startE2eServer({}, { databaseUrl, port });
}

export interface StaleCheck {
  /** What the board shows that must stay on screen (dimmed) while it is not live. */
  readonly content: string;
  /** The screenshot of the stale board. */
  readonly screenshot: string;
  /** Called with the restarted server as soon as it runs, so the test's afterAll stops the right one. */
  readonly restarted: (server: TestServer) => void;
}

/**
 * Stops the server under a live board and expects the board to keep its data,
 * dimmed, with 'Reconnecting — data as of HH:MM'; restarts the server and
 * expects the board live again, without the notice, with its data.
 */
export async function expectStaleAcrossRestart(
  page: Page,
  server: TestServer,
  check: StaleCheck,
): Promise<void> {
  const restart = await stopServer(server);
  try {
    const notice = page.getByTestId('stale-notice');
    // The server closes the socket as it stops (1012): the board says so at once, well within 5 s.
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toMatch(/^Reconnecting — data as of \d{1,2}:\d{2}/);
    expect(await page.locator('.board').getAttribute('data-live')).toBe('false');
    expect(await page.locator(check.content).count()).toBeGreaterThan(0);
    await screenshot(page, check.screenshot);
  } finally {
    check.restarted(await restart());
  }
  await page.locator('.board[data-live="true"]').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('stale-notice').count()).toBe(0);
  expect(await page.locator(check.content).count()).toBeGreaterThan(0);
}
