import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from '../apps/server/test/api-client.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';

// The console's Screens page follows a real screen live and acts on it (CON-49 to CON-52, product.md §9).
const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;
const WORKFLOW_TITLE = 'Day Surgery — Patient Flow';
const NEW_NAME = 'Surgery corridor screen';
let server: TestServer;
let browser: Browser;
let screenContext: BrowserContext;
let screenPage: Page;
let consolePage: Page;
let admin: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
let deviceId: number;
let deviceName: string;

beforeAll(async () => {
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  browser = await launchBrowser();
  screenContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  admin = await apiClient(server, await accessToken(server, { scope: 'read:kiosks write:*' }));
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The code a waiting screen shows. */
async function codeOnScreen(target: Page): Promise<{ code: string }> {
  const text = target.getByText(ACTIVATE_TEXT);
  await text.waitFor({ timeout: 30_000 });
  return { code: ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '' };
}

/** The screen's row in the console's grid. */
const rowOf = (name: string): Locator =>
  consolePage.getByRole('row').filter({ has: consolePage.getByRole('gridcell', { name, exact: true }) });

const marker = (target: Page) =>
  target.evaluate(() => (window as unknown as { careboardMarker?: string }).careboardMarker ?? null);

async function expectNoSeriousViolations(): Promise<void> {
  expect(await seriousAxeViolations(consolePage)).toEqual([]);
}

describe('the console Screens page', () => {
  it('pairs a screen by the code it shows, then shows it online, live', async () => {
    screenPage = await screenContext.newPage();
    await screenPage.goto(`${server.baseUrl}/?id=1&auth_flow=1`);
    const { code } = await codeOnScreen(screenPage);

    // bypassCSP lets axe-core be injected; 1024×768 is the front desk's tablet.
    const consoleContext = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      bypassCSP: true,
    });
    consolePage = await consoleContext.newPage();
    await signInToConsole(consolePage, server, '/console/screens');
    await consolePage.getByRole('heading', { level: 1, name: 'Screens' }).waitFor({ timeout: 15_000 });
    await screenshot(consolePage, 'console-screens-empty');
    await consolePage.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await consolePage.getByRole('button', { name: 'Pair screen' }).click();
    await consolePage
      .getByText(/is paired\. It shows its board within seconds\./)
      .waitFor({ timeout: 15_000 });
    await screenPage.getByText(WORKFLOW_TITLE).first().waitFor({ timeout: 40_000 });

    const listed = (await admin('GET', '/devices?revoked=false')).body as {
      items: { id: number; name: string }[];
    };
    const mine = listed.items.at(-1);
    deviceId = mine?.id ?? 0;
    deviceName = mine?.name ?? '';
    expect(deviceName).not.toBe('');
    await rowOf(deviceName).getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => rowOf(deviceName).textContent()).toContain(WORKFLOW_TITLE);
    await screenshot(consolePage, 'console-screens-online');
    await expectNoSeriousViolations();
  }, 150_000);

  it('renames the screen from its Edit dialog', async () => {
    await consolePage.getByRole('button', { name: `Edit ${deviceName}` }).click();
    const dialog = consolePage.getByRole('dialog', { name: `Edit ${deviceName}` });
    await dialog.getByLabel('Name').fill(NEW_NAME);
    await screenshot(consolePage, 'console-screens-edit');
    expect(await seriousAxeViolations(consolePage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rowOf(NEW_NAME).waitFor({ timeout: 10_000 });
    await consolePage.getByText(`${NEW_NAME} saved.`).waitFor();
    expect((await admin('GET', `/devices/${deviceId}`)).body).toMatchObject({ name: NEW_NAME, online: true });
  }, 30_000);

  it('reloads the screen: its page loses the marker set before', async () => {
    await screenPage.evaluate(() => {
      (window as unknown as { careboardMarker?: string }).careboardMarker = 'before the reload';
    });
    await consolePage.getByRole('button', { name: `Reload ${NEW_NAME}` }).click();
    await expect.poll(() => marker(screenPage).catch(() => 'navigating'), { timeout: 10_000 }).toBeNull();
    await screenPage.getByText(WORKFLOW_TITLE).first().waitFor({ timeout: 15_000 });
    await consolePage.getByText(`${NEW_NAME} will reload now.`).waitFor();
  }, 40_000);

  it('shows the screen offline within 15 s of its page closing, with no reload of the console', async () => {
    await rowOf(NEW_NAME).getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });
    await consolePage.evaluate(() => {
      (window as unknown as { consoleMarker?: string }).consoleMarker = 'same console page';
    });
    await screenPage.close();
    const closed = Date.now();
    await rowOf(NEW_NAME).getByText('Offline', { exact: true }).waitFor({ timeout: 15_000 });
    expect(Date.now() - closed).toBeLessThan(15_000);
    expect(
      await consolePage.evaluate(() => (window as unknown as { consoleMarker?: string }).consoleMarker),
    ).toBe('same console page');
    await screenshot(consolePage, 'console-screens-offline');
  }, 40_000);

  it('revokes the screen after asking: the screen brings back its activation code', async () => {
    // The screen comes back (it keeps its refresh token) and shows online again.
    screenPage = await screenContext.newPage();
    await screenPage.goto(`${server.baseUrl}/?id=1&auth_flow=1`);
    await screenPage.getByText(WORKFLOW_TITLE).first().waitFor({ timeout: 30_000 });
    await rowOf(NEW_NAME).getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });

    await consolePage.getByRole('button', { name: `Revoke ${NEW_NAME}` }).click();
    const dialog = consolePage.getByRole('dialog', { name: `Revoke ${NEW_NAME}?` });
    // The dialog fades in: look at it (and check its contrast) once it is drawn in full.
    await expect
      .poll(() =>
        dialog.evaluate((element) => {
          let opacity = 1;
          for (let at: Element | null = element; at; at = at.parentElement) {
            opacity *= Number(getComputedStyle(at).opacity);
          }
          return opacity;
        }),
      )
      .toBe(1);
    await screenshot(consolePage, 'console-screens-revoke-dialog');
    expect(await seriousAxeViolations(consolePage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await consolePage.getByText(`${NEW_NAME} revoked.`).waitFor({ timeout: 10_000 });
    await screenPage.getByText(ACTIVATE_TEXT).waitFor({ timeout: 15_000 });
    // Revoked screens leave the list unless asked for.
    await expect.poll(() => rowOf(NEW_NAME).count(), { timeout: 10_000 }).toBe(0);
    await consolePage.getByLabel('Show revoked screens').check();
    await rowOf(NEW_NAME).getByText('Revoked', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(consolePage, 'console-screens-revoked');
    await screenshot(screenPage, 'console-screens-screen-code-again');
    await expectNoSeriousViolations();
  }, 60_000);
});
