import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from '../apps/server/test/api-client.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';
import { chooseOption } from './mui-select.ts';

// The Care setting, Equipment and Users editors in Chromium at a 1024×768 tablet,
// against the demo server (decisions CON-59 to CON-68).
const STAFF = { email: 'staff@demo.test', password: 'careboard-demo' } as const;
const TABLET = { width: 1024, height: 768 } as const;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

beforeAll(async () => {
  // The simulator is off: rows stay where the test put them.
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  browser = await launchBrowser();
  // bypassCSP lets axe-core be injected; the console's own scripts run under the CSP as served.
  context = await browser.newContext({ viewport: TABLET, bypassCSP: true });
  page = await context.newPage();
  api = await apiClient(
    server,
    await accessToken(server, { scope: 'read:departments read:stations access:mm' }),
  );
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a tab of the page, waits for its section heading, saves a picture and checks it with axe. */
async function openTab(tab: string, heading: string | RegExp, picture: string): Promise<void> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('heading', { level: 2, name: heading }).waitFor({ timeout: 15_000 });
  await page
    .getByRole('progressbar')
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await screenshot(page, picture);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The open dialog with this name. */
const dialog = (name: string | RegExp): Locator => page.getByRole('dialog', { name });

/** Chooses an option of a labelled select in `scope`, and waits for its menu to go. */
const choose = (scope: Locator | Page, label: string, option: string): Promise<void> =>
  chooseOption(page, scope, label, option);

/** Fills a dialog's fields, saves, and waits for it to close. */
async function saveDialog(
  name: string | RegExp,
  texts: Readonly<Record<string, string>>,
  selects: Readonly<Record<string, string>> = {},
): Promise<void> {
  const form = dialog(name);
  await form.waitFor();
  for (const [label, value] of Object.entries(texts))
    await form.getByLabel(label, { exact: true }).fill(value);
  for (const [label, option] of Object.entries(selects)) await choose(form, label, option);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached', timeout: 15_000 });
}

const cell = (text: string): Locator => page.getByRole('gridcell', { name: text, exact: true });

describe('the care setting editors', () => {
  it('signs the demo admin in at a tablet size and shows Care setting with its tabs', async () => {
    await signInToConsole(page, server, '/console/care-setting');
    await page.getByRole('heading', { level: 1, name: 'Care setting' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('tablist', { name: 'Care setting sections' }).count()).toBe(1);
    await openTab('Sites', 'Sites', 'console-care-setting-sites');
  });

  it("shows a refused time zone as the form's error in the catalogue's words, then adds the site", async () => {
    await page.getByRole('button', { name: 'Add site' }).click();
    const form = dialog('Add site');
    await form.getByLabel('Name', { exact: true }).fill('E2E Campus');
    await form.getByLabel('Time zone', { exact: true }).fill('Mars/Olympus_Mons');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('default_timezone is not valid.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-care-setting-site-refused');
    await form.getByLabel('Time zone', { exact: true }).fill('America/Chicago');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await cell('E2E Campus').waitFor({ timeout: 15_000 });
  });

  it('adds a department to the new site', async () => {
    await openTab('Departments', 'Departments', 'console-care-setting-departments');
    await page.getByRole('button', { name: 'Add department' }).click();
    await saveDialog('Add department', { Name: 'E2E Clinic' }, { Site: 'E2E Campus' });
    await cell('E2E Clinic').waitFor({ timeout: 15_000 });
  });

  it('adds a workflow with two phases and reorders them with the keyboard', async () => {
    await openTab('Workflows', 'Workflows', 'console-care-setting-workflows');
    await page.getByRole('button', { name: 'Add workflow' }).click();
    await saveDialog('Add workflow', { Name: 'E2E Walk-in' }, { Department: 'E2E Clinic' });
    // A new workflow opens its phases at once.
    await page.getByRole('heading', { level: 2, name: 'Phases of E2E Walk-in' }).waitFor({ timeout: 15_000 });
    for (const [name, kind] of [
      ['Check-in', 'Arrival'],
      ['Consult', 'Examination'],
    ] as const) {
      await page.getByRole('button', { name: 'Add phase' }).click();
      await saveDialog('Add phase', { Name: name, 'Expected minutes': '20' }, { Kind: kind });
      await cell(name).waitFor({ timeout: 15_000 });
    }
    const consultUp = page.getByRole('button', { name: 'Move Consult up' });
    await consultUp.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Consult is now number 1 of 2.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-care-setting-phases');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const workflows = (await api('GET', '/workflows?limit=200')).body as {
      items: { id: number; name: string }[];
    };
    const workflow = workflows.items.find((row) => row.name === 'E2E Walk-in');
    const phases = (await api('GET', `/workflows/${workflow?.id}/phases`)).body as {
      items: { name: string; estimated_duration_sec: number | null }[];
    };
    expect(phases.items.map((phase) => phase.name)).toEqual(['Consult', 'Check-in']);
    expect(phases.items[0]?.estimated_duration_sec).toBe(1200);
  });

  it('adds a location and edits it, then adds a station there', async () => {
    await openTab('Locations', 'Locations', 'console-care-setting-locations');
    await page.getByRole('button', { name: 'Add location' }).click();
    await saveDialog('Add location', { Name: 'E2E Bay' }, { Kind: 'Recovery' });
    await page.getByRole('button', { name: 'Edit E2E Bay' }).click();
    await saveDialog('Edit E2E Bay', { Name: 'E2E Recovery Bay' });
    await cell('E2E Recovery Bay').waitFor({ timeout: 15_000 });

    await openTab('Stations', 'Stations', 'console-care-setting-stations');
    await page.getByRole('button', { name: 'Add station' }).click();
    await saveDialog('Add station', { Name: 'E2E Desk' }, { Location: 'E2E Recovery Bay' });
    await cell('E2E Desk').waitFor({ timeout: 15_000 });
    await page
      .getByRole('row', { name: /E2E Desk/ })
      .getByRole('gridcell', { name: 'E2E Recovery Bay', exact: true })
      .waitFor({ timeout: 15_000 });
  });

  it('adds a staff badge and a staff member wearing it', async () => {
    await openTab('Tags', /^Tags$/, 'console-care-setting-tags');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await saveDialog('Add tag', { Label: 'E2E-B1' }, { Kind: 'Staff badge' });
    await cell('E2E-B1').waitFor({ timeout: 15_000 });

    await openTab('Staff', 'Staff', 'console-care-setting-staff');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await saveDialog('Add staff member', { 'Display name': 'E2E Nurse' }, { Badge: 'E2E-B1' });
    await cell('E2E Nurse').waitFor({ timeout: 15_000 });
    await openTab('Staff types', 'Staff types', 'console-care-setting-staff-types');
  });
});

describe('the equipment editors', () => {
  it('adds an asset type and renames it', async () => {
    await page.getByRole('link', { name: 'Equipment', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Equipment' }).waitFor({ timeout: 30_000 });
    await openTab('Asset types', 'Asset types', 'console-equipment-asset-types');
    await page.getByRole('button', { name: 'Add asset type' }).click();
    await saveDialog('Add asset type', { Name: 'E2E Pump' });
    await page.getByRole('button', { name: 'Edit E2E Pump' }).click();
    await saveDialog('Edit E2E Pump', { Name: 'E2E Infusion Pump' });
    await cell('E2E Infusion Pump').waitFor({ timeout: 15_000 });
  });

  it("refuses to delete an asset type in use, in the catalogue's words", async () => {
    await page.getByRole('button', { name: 'Delete Wheelchair' }).click();
    const confirm = dialog('Delete Wheelchair?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm
      .getByRole('alert')
      .getByText("Can't complete action: Asset type is in use.")
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-equipment-asset-type-in-use');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await cell('Wheelchair').waitFor();
  });

  it('adds an asset of the new type in the new location', async () => {
    await openTab('Assets', 'Assets', 'console-equipment-assets');
    await page.getByRole('button', { name: 'Add asset' }).click();
    await saveDialog(
      'Add asset',
      { Name: 'E2E Pump 01' },
      { 'Asset type': 'E2E Infusion Pump', Location: 'E2E Recovery Bay' },
    );
    await cell('E2E Pump 01').waitFor({ timeout: 15_000 });
    // The row names its type and location, not their ids.
    const row = page.getByRole('row', { name: /E2E Pump 01/ });
    await row.getByRole('gridcell', { name: 'E2E Infusion Pump', exact: true }).waitFor({ timeout: 15_000 });
    await row.getByRole('gridcell', { name: 'E2E Recovery Bay', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('gridcell', { name: 'Wheelchair 01', exact: true }).waitFor();
    await screenshot(page, 'console-equipment-assets-added');
  });

  it('adds a sensor, and shows SENSOR_IS_IN_USE for a second one with its identifier', async () => {
    await openTab('Sensors', 'Sensors', 'console-equipment-sensors');
    await page.getByRole('button', { name: 'Add sensor' }).click();
    await saveDialog(
      'Add sensor',
      { Identifier: 'E2E-S1', Name: 'Bay door' },
      { Location: 'E2E Recovery Bay' },
    );
    await cell('E2E-S1').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Add sensor' }).click();
    const form = dialog('Add sensor');
    await form.getByLabel('Identifier', { exact: true }).fill('E2E-S1');
    await form.getByLabel('Name', { exact: true }).fill('Second door');
    await choose(form, 'Location', 'E2E Recovery Bay');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Sensor E2E-S1 already exists in E2E Recovery Bay.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-equipment-sensor-in-use');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('adds a PAR level at the new location, refuses a second of the same type, and changes it', async () => {
    await openTab('PAR levels', /^PAR levels at/, 'console-equipment-par-levels');
    await choose(page, 'Location of the PAR levels', 'E2E Recovery Bay');
    await page.getByRole('heading', { level: 2, name: 'PAR levels at E2E Recovery Bay' }).waitFor();
    await page.getByRole('button', { name: 'Add PAR level' }).click();
    await saveDialog('Add PAR level', { Minimum: '1', Maximum: '3' }, { 'Asset type': 'E2E Infusion Pump' });
    await cell('E2E Infusion Pump').waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Add PAR level' }).click();
    const form = dialog('Add PAR level');
    await choose(form, 'Asset type', 'E2E Infusion Pump');
    await form.getByLabel('Minimum', { exact: true }).fill('2');
    await form.getByLabel('Maximum', { exact: true }).fill('4');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('These PAR levels already exists.').waitFor({ timeout: 15_000 });
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit E2E Infusion Pump' }).click();
    await saveDialog('Edit E2E Infusion Pump', { Minimum: '2', Maximum: '5' });
    await cell('5').waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-equipment-par-levels-changed');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('the users editor', () => {
  it('lets the admin add a user with a role and shows the generated password once', async () => {
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor({ timeout: 30_000 });
    await cell('Demo Nurse').waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-users');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add user' }).click();
    await saveDialog('Add user', { Email: 'e2e.clerk@demo.test', Name: 'E2E Clerk' }, { Role: 'Visitor' });
    await page.getByText(/Give E2E Clerk this password now/).waitFor({ timeout: 15_000 });
    await cell('e2e.clerk@demo.test').waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-users-added');
    await page.getByRole('button', { name: 'Edit E2E Clerk' }).click();
    await saveDialog('Edit E2E Clerk', {}, { Role: 'Staff' });
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /E2E Clerk/ })
          .getByText('Staff')
          .count(),
      )
      .toBe(1);
  });

  it('shows the Privacy tab: how long records are kept, and the audit export (BOF-55, BOF-57)', async () => {
    await openTab('Privacy', 'How long records are kept', 'console-users-privacy');
    await page.getByRole('heading', { level: 2, name: 'Export the audit log' }).waitFor({ timeout: 15_000 });
    const visitNames = page.getByLabel('Names of completed visits (days)');
    await expect.poll(() => visitNames.inputValue(), { timeout: 15_000 }).toBe('30');
    await page.getByRole('button', { name: 'Save the periods' }).and(page.locator(':enabled')).waitFor();
    await screenshot(page, 'console-users-privacy');
  });

  it("refuses a staff user giving someone the admin role, in the catalogue's words", async () => {
    const staffContext = await browser.newContext({ viewport: TABLET, bypassCSP: true });
    const staffPage = await staffContext.newPage();
    await signInToConsole(staffPage, server, '/console/users', STAFF);
    await staffPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor({ timeout: 30_000 });
    await staffPage.getByRole('button', { name: 'Edit Demo Visitor' }).click();
    const form = staffPage.getByRole('dialog', { name: 'Edit Demo Visitor' });
    await chooseOption(staffPage, form, 'Role', 'Admin');
    const answer = staffPage.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/users/'),
    );
    await form.getByRole('button', { name: 'Save' }).click();
    // The refusal is the server's: a 403 with the catalogue's code, shown as the form's error.
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('USER_LEVEL_IS_NOT_VALID');
    const alert = form.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toBe('You do not have permissions to set this user level');
    await screenshot(staffPage, 'console-users-staff-refused');
    expect(await seriousAxeViolations(staffPage)).toEqual([]);
    await staffContext.close();
  });
});
