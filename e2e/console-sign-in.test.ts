import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { CONSOLE_SECTIONS, seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  // bypassCSP lets axe-core be injected; the console's own scripts run under the CSP as served.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  page = await context.newPage();
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectSectionLinks(): Promise<void> {
  for (const name of CONSOLE_SECTIONS) {
    await page.getByRole('link', { name, exact: true }).waitFor({ timeout: 15_000 });
  }
}

describe('signing in to the console', () => {
  it('sends the demo admin to the provider and back to the console, with every section', async () => {
    await signInToConsole(page, server, '/console/boards');
    // Back at the page asked for, below /console/, not at the callback.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/console/boards');
    await expectSectionLinks();
    await page.getByText('Signed in as Demo Admin').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-signed-in');
  });

  it('has no serious or critical accessibility violations on the signed-in shell', async () => {
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("keeps its refresh token under the console's own keys, never the board's", async () => {
    const keys = await page.evaluate(() => Object.keys(window.localStorage));
    expect(keys).toContain('careboard-console.refresh-token.standard');
    expect(keys.filter((key) => key.startsWith('careboard.'))).toEqual([]);
  });

  it('stays signed in across a reload', async () => {
    await page.reload();
    await expectSectionLinks();
    expect(new URL(page.url()).pathname).toBe('/console/boards');
    expect(await page.getByLabel('Password').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-after-reload');
  });

  it('signs out at the provider and comes back to the console, which asks for a sign-in again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The provider confirms the sign-out itself (no id_token_hint is sent), then returns to /console/.
    await page.getByText('Sign out of Careboard on this browser?').waitFor({ timeout: 30_000 });
    const keys = await page.evaluate(() => Object.keys(window.localStorage));
    expect(keys.filter((key) => key.startsWith('careboard-console.'))).toEqual([]);
    await screenshot(page, 'console-sign-out-confirm');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Back at /console/ with no session: the console sends the browser to the provider's sign-in.
    await page.getByLabel('Email').waitFor({ timeout: 30_000 });
    expect(visited).toContain('/console/');
    await screenshot(page, 'console-signed-out');
  });
});
