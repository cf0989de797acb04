import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCareboard } from '../apps/server/test/cli-runner.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';

/**
 * Setup from nothing (decisions CON-29 to CON-38): a customer made by the admin command with no
 * data; its admin signs in at /console and goes through Setup with the keyboard only; a screen
 * opened at /?id=<new board>&auth_flow=1 shows the new board live once its code is typed into Code.
 */
const CUSTOMER = 'lakeside';
const ADMIN = { email: 'it@lakeside.test', password: 'lakeside-admin-2026' };
const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let screenContext: BrowserContext;

beforeAll(async () => {
  server = await startE2eServer({ CAREBOARD_DEMO: 'off', CUSTOMER_ID: CUSTOMER });
  browser = await launchBrowser();
  // A tablet at the front desk; bypassCSP only so axe-core can be injected.
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
  page = await context.newPage();
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterAll(async () => {
  await screenContext?.close();
  await browser?.close();
  await server?.close();
});

function careboard(args: readonly string[], stdin = ''): Promise<CliResult> {
  return runCareboard(server.databaseUrl, args, stdin);
}

/** The focused element's accessible name, as far as Setup's controls need: label, aria-label or text. */
function focusedName(): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labels = (element as HTMLInputElement).labels;
    const label = labels && labels.length > 0 ? labels[0]?.textContent : null;
    return (element.getAttribute('aria-label') ?? label ?? element.textContent ?? '')
      .replace(/[\s*]+$/u, '')
      .trim();
  });
}

/** Presses Tab until the control named `name` has the focus: the keyboard, never the mouse. */
async function tabTo(name: string): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press('Tab');
    const current = await focusedName();
    if (current === name) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached "${name}"; it passed ${JSON.stringify(seen)}`);
}

/** A step's heading appears and holds the focus; the page is screenshot and checked by axe. */
async function atStep(heading: string, shot: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: heading }).waitFor({ timeout: 15_000 });
  await expect.poll(focusedName, { timeout: 5_000 }).toBe(heading);
  await screenshot(page, `console-setup-${shot}`);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('Setup, by keyboard, from an empty customer to a live board', () => {
  it('makes the customer and its first admin with the admin command', async () => {
    const added = await careboard(
      [
        'customer',
        'add',
        '--id',
        CUSTOMER,
        '--name',
        'Lakeside Clinic',
        '--admin-email',
        ADMIN.email,
        '--password-stdin',
      ],
      `${ADMIN.password}\n`,
    );
    // Only the line naming the store it used (FND-37): no warning, no error.
    expect(added.err).toMatch(/^careboard: database postgres:\/\/[^@\s]+\n$/);
    expect(added.code).toBe(0);
  });

  it('goes through every step with the keyboard, and a screen shows the new board once its code is typed', async () => {
    await signInToConsole(page, server, '/console', ADMIN);
    // An empty customer opens at Setup.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/console/setup');

    await atStep('Step 1 of 6: Site and time zone', '1-site');
    await tabTo('Site name');
    await page.keyboard.type('Lakeside Clinic');
    await tabTo('Time zone');
    await page.keyboard.type('America/Chicago');
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/Chicago');
    await tabTo('Save and continue');
    await page.keyboard.press('Enter');

    await atStep('Step 2 of 6: Department', '2-department');
    await tabTo('Department name');
    await page.keyboard.type('Day Surgery');
    await page.keyboard.press('Enter');

    await atStep('Step 3 of 6: Workflow and phases', '3-workflow');
    await tabTo('Workflow name');
    await page.keyboard.type('Surgery');
    await tabTo('Phase 1 name');
    await page.keyboard.type('Check-in');
    await tabTo('Add phase');
    await page.keyboard.press('Enter');
    // The new phase's name takes the focus.
    await expect.poll(focusedName).toBe('Phase 2 name');
    await page.keyboard.type('Recovery');
    await tabTo('Add phase');
    await page.keyboard.press('Enter');
    await expect.poll(focusedName).toBe('Phase 3 name');
    await page.keyboard.type('Operation');
    await tabTo('Phase 3 kind');
    await page.keyboard.type('Procedure');
    // Operation goes before Recovery: moved up, it keeps the focus in its new place.
    await tabTo('Move phase 3 up');
    await page.keyboard.press('Enter');
    await expect.poll(focusedName).toBe('Phase 2 name');
    expect(await page.getByLabel('Phase 2 name', { exact: true }).inputValue()).toBe('Operation');
    expect(await page.getByLabel('Phase 3 name', { exact: true }).inputValue()).toBe('Recovery');
    await screenshot(page, 'console-setup-3-workflow-phases');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');

    await atStep('Step 4 of 6: Locations and stations', '4-places');
    await tabTo('Location name');
    await page.keyboard.type('Pre-op Bay 1');
    await tabTo('Location kind');
    await page.keyboard.type('Pre-op');
    await tabTo('Station name');
    await page.keyboard.type('Bay 1');
    await page.keyboard.press('Enter');

    await atStep('Step 5 of 6: Board', '5-board');
    await tabTo('Board name');
    await page.keyboard.type('Surgery flow');
    await page.keyboard.press('Enter');

    await atStep('Step 6 of 6: Pair a screen', '6-screen');
    const address = (await page.getByTestId('setup-screen-address').textContent()) ?? '';
    const boardId = Number(new URL(address).searchParams.get('id'));
    expect(address).toBe(`${server.baseUrl}/?id=${boardId}&auth_flow=1`);

    // The screen: its own browser context opens the address Setup gives and shows a code.
    screenContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const screenPage = await screenContext.newPage();
    await screenPage.goto(address);
    const codeText = screenPage.getByText(ACTIVATE_TEXT);
    await codeText.waitFor({ timeout: 30_000 });
    const code = ACTIVATE_TEXT.exec((await codeText.textContent()) ?? '')?.[1] ?? '';
    expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    await screenshot(screenPage, 'console-setup-screen-code');

    // A code no screen shows: the catalogue's text, and the cursor back in Code with the code selected.
    await tabTo('Code');
    const wrong = code === 'BCDF-GHJK' ? 'BCDF-GHJL' : 'BCDF-GHJK';
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText(`Display with code "${wrong}" not found.`)
      .waitFor({ timeout: 10_000 });
    await expect.poll(focusedName).toBe('Code');
    await screenshot(page, 'console-setup-6-screen-refused');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Typed as people type it: lower case, a space for the dash, over the selected wrong code.
    await page.keyboard.type(code.toLowerCase().replace('-', ' '));
    await tabTo('Screen name (optional)');
    await page.keyboard.type('Pre-op hall');
    await page.keyboard.press('Enter');

    await atStep('Setup is complete', '7-done');
    await page.getByText('Boards: Surgery flow').waitFor();
    await page.getByText('1 screen paired').waitFor();

    // The screen shows the new board, live, with no touch.
    await screenPage.locator('.board[data-live="true"]').waitFor({ timeout: 40_000 });
    await screenPage.getByText('Surgery flow').first().waitFor({ timeout: 10_000 });
    await screenshot(screenPage, 'console-setup-screen-live');

    // What Setup made, as the database holds it: phases in the order given, the screen on the new board.
    const sql = new pg.Client({ connectionString: server.databaseUrl });
    await sql.connect();
    try {
      const phases = await sql.query('SELECT name FROM phases WHERE customer_id = $1 ORDER BY position', [
        CUSTOMER,
      ]);
      expect(phases.rows.map((row) => row.name)).toEqual(['Check-in', 'Operation', 'Recovery']);
      const devices = await sql.query('SELECT name, display_board_id FROM devices WHERE customer_id = $1', [
        CUSTOMER,
      ]);
      expect(devices.rows).toEqual([{ name: 'Pre-op hall', display_board_id: boardId }]);
    } finally {
      await sql.end();
    }
  }, 120_000);

  it('steps aside once done: the console opens at Boards', async () => {
    await page.goto(`${server.baseUrl}/console/`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/console/boards');
  });
});
