import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from '../apps/server/test/api-client.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';
import { chooseOption } from './mui-select.ts';

// The feeds' settings (Care setting's Feed rules and ADT mapping tabs, FEED-43 to FEED-45) and the
// Integrations page in Chromium at a 1024×768 tablet, against the demo server.
const TABLET = { width: 1024, height: 768 } as const;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let sql: pg.Client;
let api: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

beforeAll(async () => {
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  browser = await launchBrowser();
  // bypassCSP lets axe-core be injected; the console's own scripts run under the CSP as served.
  context = await browser.newContext({ viewport: TABLET, bypassCSP: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  page = await context.newPage();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  api = await apiClient(
    server,
    await accessToken(server, { scope: 'read:departments write:* update:customer*' }),
  );
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await browser?.close();
  await server?.close();
});

/** Waits for the grid's loading to end, saves a picture and checks the page with axe. */
async function pictureAndAxe(picture: string): Promise<void> {
  await page
    .getByRole('progressbar')
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await screenshot(page, picture);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const dialog = (name: string | RegExp): Locator => page.getByRole('dialog', { name });

const choose = (scope: Locator | Page, label: string, option: string): Promise<void> =>
  chooseOption(page, scope, label, option);

const cell = (text: string): Locator => page.getByRole('gridcell', { name: text, exact: true });

async function workflowId(name: string): Promise<number> {
  return (await sql.query("SELECT id FROM workflows WHERE customer_id = 'demo' AND name = $1", [name]))
    .rows[0].id;
}

describe('the feeds in the console', () => {
  it('adds a feed rule for a location of a workflow', async () => {
    await signInToConsole(page, server, '/console/care-setting?tab=feed-rules');
    await page.getByRole('heading', { level: 2, name: /^Feed rules of / }).waitFor({ timeout: 30_000 });
    await choose(page, 'Workflow of the rules', 'Walk-in Clinic');
    await page.getByRole('heading', { level: 2, name: 'Feed rules of Walk-in Clinic' }).waitFor();
    await page.getByRole('button', { name: 'Add feed rule' }).click();
    const form = dialog('Add feed rule');
    await choose(form, 'When a patient badge enters', 'Location Exam Room 2');
    await choose(form, 'Move the visit to phase', 'Exam');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await cell('Location Exam Room 2').waitFor({ timeout: 15_000 });
    await pictureAndAxe('console-integrations-feed-rules');

    const rules = await api('GET', `/feed-rules?workflow_id=${await workflowId('Walk-in Clinic')}`);
    const room = (
      await sql.query("SELECT id FROM locations WHERE customer_id = 'demo' AND name = 'Exam Room 2'")
    ).rows[0].id;
    expect(
      (rules.body as { items: { location_id: number | null }[] }).items.map((r) => r.location_id),
    ).toContain(room);
  });

  it('maps a point of care and turns on the catch-all ADT workflow', async () => {
    await page.getByRole('tab', { name: 'ADT mapping', exact: true }).click();
    await page
      .getByRole('heading', { level: 2, name: 'Catch-all ADT workflow' })
      .waitFor({ timeout: 15_000 });
    await choose(page, 'Catch-all workflow', 'Walk-in Clinic');
    await page.getByLabel('Put patients from unmapped points of care on this workflow').check();
    await page.getByRole('button', { name: 'Save the catch-all' }).click();
    await page.getByText('The catch-all is saved.').waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Add point of care' }).click();
    const form = dialog('Add point of care');
    await form.getByLabel('Point of care (PV1-3.1)', { exact: true }).fill('E2E-OR');
    await choose(form, 'Transfer to phase', 'Pre-op');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await cell('E2E-OR').waitFor({ timeout: 15_000 });

    // Who may send to the demo's facility, and from where (FEED-55).
    await page.getByRole('button', { name: 'Add sender' }).click();
    const senderForm = dialog('Add sender');
    await choose(senderForm, 'Facility (MSH-6)', 'demo');
    await senderForm.getByLabel('Sending application (MSH-3)', { exact: true }).fill('E2E-EHR');
    await senderForm.getByLabel('Addresses', { exact: true }).fill('10.20.0.0/16, 10.1.2.3');
    await senderForm.getByRole('button', { name: 'Save' }).click();
    await senderForm.waitFor({ state: 'detached', timeout: 15_000 });
    await cell('E2E-EHR').waitFor({ timeout: 15_000 });
    await cell('10.20.0.0/16, 10.1.2.3').waitFor({ timeout: 15_000 });
    await pictureAndAxe('console-integrations-adt-mapping');
    expect((await api('GET', '/adt/senders?facility=demo')).body).toMatchObject({
      items: expect.arrayContaining([
        expect.objectContaining({
          sending_application: 'E2E-EHR',
          sending_facility: null,
          addresses: ['10.20.0.0/16', '10.1.2.3'],
        }),
      ]),
    });

    expect((await api('GET', '/customers/demo/settings')).body).toMatchObject({
      adt_workflow_id: await workflowId('Walk-in Clinic'),
      adt_catch_all: true,
    });
    expect((await api('GET', '/adt/points-of-care')).body).toMatchObject({
      items: expect.arrayContaining([
        expect.objectContaining({ point_of_care: 'E2E-OR', workflow_id: await workflowId('Day Surgery') }),
      ]),
    });
  });

  it('sets how long a tag may go unseen before it is non-reporting, on the Tags tab', async () => {
    await page.getByRole('tab', { name: 'Tags', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Non-reporting tags' }).waitFor({ timeout: 15_000 });
    const minutes = page.getByLabel('Non-reporting after (minutes)', { exact: true });
    await expect.poll(() => minutes.inputValue(), { timeout: 15_000 }).toBe('10');
    await minutes.fill('15');
    await page.getByRole('button', { name: 'Save the time' }).click();
    await page.getByText('The non-reporting time is saved.').waitFor({ timeout: 15_000 });
    await pictureAndAxe('console-integrations-tag-silence');
    expect((await api('GET', '/customers/demo/settings')).body).toMatchObject({ tag_non_reporting_sec: 900 });
  });

  it('shows a card per feed and the newest errors on Integrations', async () => {
    await sql.query(
      `INSERT INTO feed_messages (customer_id, feed, transport, control_id, message_type, status, ack_code, reason, item_count, body)
       VALUES ('demo', 'hl7', 'mllp', 'E2E-1', 'ADT^A04', 'rejected', 'AR', 'PV1-3.1 (point of care) maps to no workflow', 1, 'MSH|'),
              ('demo', 'rtls', 'webhook', 'E2E-2', 'sightings', 'applied', NULL, NULL, 40, '{}')`,
    );
    await page.getByRole('link', { name: 'Integrations', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor({ timeout: 30_000 });
    for (const feed of ['RTLS webhook', 'RTLS over MQTT', 'HL7 ADT over MLLP', 'Demo simulator']) {
      await page.getByRole('region', { name: feed, exact: true }).waitFor({ timeout: 15_000 });
    }
    const webhook = page.getByRole('region', { name: 'RTLS webhook', exact: true });
    await webhook.getByText(/^Last 24 hours: 1 message, 1 applied, 0 errors, 40 sightings\.$/).waitFor();
    const errors = page.getByRole('table', { name: 'Newest errors' });
    await errors.getByRole('cell', { name: 'PV1-3.1 (point of care) maps to no workflow' }).waitFor();
    await pictureAndAxe('console-integrations');
  });

  it('makes a new webhook secret after a confirmation and shows it once', async () => {
    await page.getByRole('button', { name: 'Make a new webhook secret' }).click();
    const confirm = dialog('Make a new webhook secret?');
    await confirm.waitFor();
    await screenshot(page, 'console-integrations-secret-confirm');
    await confirm.getByRole('button', { name: 'Make the new secret' }).click();
    const shown = dialog('The new webhook secret');
    await shown.waitFor({ timeout: 15_000 });
    const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await shown.getByText(`${server.baseUrl}/api/feeds/rtls/sightings?customer=demo`).waitFor();
    await shown
      .getByText('X-Careboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">')
      .waitFor();
    await shown.getByRole('button', { name: 'Copy the secret' }).click();
    await shown.getByText('The secret is copied.').waitFor();
    await pictureAndAxe('console-integrations-secret-shown');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText(/^The current secret was made /).waitFor({ timeout: 15_000 });
    expect(await page.getByText(secret).count()).toBe(0);
    expect((await api('GET', '/feeds/rtls/secret')).body).toMatchObject({ exists: true });
  });
});
