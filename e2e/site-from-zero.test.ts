import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, apiClient } from '../apps/server/test/api-client.ts';
import { type CliResult, runCareboard } from '../apps/server/test/cli-runner.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { startE2eServer } from './e2e-server.ts';
import { signInInChromium } from './standard-sign-in.ts';

/**
 * A site from nothing (decision BOF-26): an empty server, a customer made by the admin command alone,
 * everything else through REST with a token from a standard-flow sign-in in Chromium, one
 * screen per board type activated in Chromium, and patient flow and equipment shown live.
 */
const CUSTOMER = 'riverside';
const ADMIN = {
  email: 'it@riverside.test',
  password: 'riverside-admin-2026',
  organization: `org_${CUSTOMER}`,
};
const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;

let server: TestServer;
let browser: Browser;
let call: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

beforeAll(async () => {
  server = await startE2eServer({ CAREBOARD_DEMO: 'off', CUSTOMER_ID: CUSTOMER });
  browser = await launchBrowser();
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function careboard(args: readonly string[], stdin = ''): Promise<CliResult> {
  return runCareboard(server.databaseUrl, args, stdin);
}

/** A created record's id, failing loudly with the answer when the call did not create it. */
async function create(path: string, body: unknown): Promise<number> {
  const answer = await call('POST', path, body);
  expect(answer, `POST ${path}`).toMatchObject({ status: 201 });
  return (answer.body as { id: number }).id;
}

const ids = {
  site: 0,
  department: 0,
  workflow: 0,
  phases: [] as number[],
  locations: {} as Record<string, number>,
  stations: [] as number[],
  staff: [] as number[],
  patientBadges: [] as number[],
  assetTags: [] as number[],
  assetTypes: [] as number[],
  assets: [] as number[],
  boards: {} as Record<'workflow' | 'family' | 'patient' | 'assets', number>,
};

describe('a site from zero', () => {
  it('makes the customer and its first admin with the admin command only', async () => {
    const added = await careboard(
      [
        'customer',
        'add',
        '--id',
        CUSTOMER,
        '--name',
        'Riverside General',
        '--admin-email',
        ADMIN.email,
        '--password-stdin',
      ],
      `${ADMIN.password}\n`,
    );
    // Only the line naming the store it used (FND-37): no warning, no error.
    expect(added.err).toMatch(/^careboard: database postgres:\/\/[^@\s]+\n$/);
    expect(added.code).toBe(0);
    const listed = await careboard(['customer', 'list'], '');
    expect(listed.out).toContain(CUSTOMER);
  });

  it('signs the admin in with the standard flow in Chromium', async () => {
    const token = await signInInChromium(browser, server, ADMIN);
    call = await apiClient(server, token);
    expect((await call('GET', '/sites')).body).toMatchObject({ items: [], total: 0 });
  });

  it('builds the care setting, equipment and one board of each type through REST alone', async () => {
    ids.site = await create('/sites', { name: 'Riverside General', default_timezone: 'America/Chicago' });
    ids.department = await create('/departments', { site_id: ids.site, name: 'Day Surgery' });
    ids.workflow = await create('/workflows', { department_id: ids.department, name: 'Surgery' });
    const phases = [
      { name: 'Check-in', color: '#2E7D32', kind: 'arrival', estimated_duration_sec: 900 },
      { name: 'Pre-op', color: '#1565C0', kind: 'preparation', estimated_duration_sec: 1800 },
      { name: 'Surgery', color: '#6A1B9A', kind: 'procedure', estimated_duration_sec: 3600 },
      { name: 'Recovery', color: '#EF6C00', kind: 'recovery', estimated_duration_sec: 2700 },
    ];
    for (const phase of phases) ids.phases.push(await create(`/workflows/${ids.workflow}/phases`, phase));
    const listed = await call('GET', `/workflows/${ids.workflow}/phases`);
    expect((listed.body as { items: { name: string }[] }).items.map((p) => p.name)).toEqual(
      phases.map((p) => p.name),
    );

    for (const [name, kind] of [
      ['Registration Desk', 'registration'],
      ['Pre-op Bay 1', 'pre_op'],
      ['Equipment Room', 'storage'],
    ] as const) {
      ids.locations[name] = await create('/locations', { name, kind });
    }
    ids.stations.push(
      await create('/stations', { location_id: ids.locations['Registration Desk'], name: 'Window 1' }),
    );
    ids.stations.push(
      await create('/stations', { location_id: ids.locations['Pre-op Bay 1'], name: 'Bay 1' }),
    );

    const staffBadge = await call('POST', '/tags', { kind: 'staff_badge', label: 'S-001' });
    expect(staffBadge.status).toBe(201);
    const staffBadgeId = (staffBadge.body as { badge_id: number }).badge_id;
    ids.staff.push(
      await create('/staff', { display_name: 'Alex Rivera', staff_type_id: 3, badge_id: staffBadgeId }),
    );
    for (const label of ['P-101', 'P-102']) {
      const tag = await call('POST', '/tags', { kind: 'patient_badge', label });
      expect(tag.status).toBe(201);
      ids.patientBadges.push((tag.body as { badge_id: number }).badge_id);
    }
    for (const label of ['A-201', 'A-202', 'A-203'])
      ids.assetTags.push(await create('/tags', { kind: 'asset_tag', label }));
    ids.assetTypes.push(await create('/asset-types', { name: 'IV Pump' }));
    for (const [i, tagId] of ids.assetTags.entries()) {
      ids.assets.push(
        await create('/assets', {
          name: `IV Pump ${i + 1}`,
          asset_type_id: ids.assetTypes[0],
          tag_id: tagId,
          location_id: ids.locations['Equipment Room'],
        }),
      );
    }
    const par = await call('PUT', `/locations/${ids.locations['Pre-op Bay 1']}/par-levels`, {
      levels: [{ asset_type_id: ids.assetTypes[0], min: 1, max: 2 }],
    });
    expect(par.status).toBe(200);

    const board = {
      department_id: ids.department,
      workflow_ids: [ids.workflow],
      show_display_name: true,
      show_badge: true,
    };
    ids.boards.workflow = await create('/display-boards', {
      ...board,
      name: 'Surgery Flow',
      display_board_type_id: 1,
    });
    ids.boards.family = await create('/display-boards', {
      ...board,
      name: 'Family Waiting',
      display_board_type_id: 2,
    });
    ids.boards.patient = await create('/display-boards', {
      ...board,
      name: 'Calling Board',
      display_board_type_id: 3,
    });
    ids.boards.assets = await create('/display-boards', {
      name: 'Pre-op Equipment',
      display_board_type_id: 4,
      department_id: ids.department,
      location_ids: [ids.locations['Pre-op Bay 1']],
    });
  });

  const screens = {} as Record<keyof typeof ids.boards, Page>;

  it('activates a screen for each board in Chromium', async () => {
    for (const type of ['workflow', 'family', 'patient', 'assets'] as const) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/?id=${ids.boards[type]}&auth_flow=1`);
      const text = page.getByText(ACTIVATE_TEXT);
      await text.waitFor({ timeout: 30_000 });
      const code = ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '';
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const confirm = await phone.newPage();
      await confirm.goto(`${server.baseUrl}/activate?user_code=${code}`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.getByLabel('Email').fill(ADMIN.email);
      await confirm.getByLabel('Password').fill(ADMIN.password);
      await confirm.getByRole('button', { name: 'Sign in' }).click();
      await confirm.getByText('Display activated').waitFor({ timeout: 15_000 });
      await phone.close();
      await page.locator('.board[data-live="true"]').waitFor({ timeout: 40_000 });
      screens[type] = page;
    }
    await screenshot(screens.assets, 'from-zero-assets-before');
  });

  it('admits, moves and calls patients and moves an asset, and every board shows it live', async () => {
    const admitted = await call('POST', '/visits', {
      first_name: 'Jordan',
      last_name: 'Avery',
      workflow_id: ids.workflow,
      badge_id: ids.patientBadges[0],
      staff_ids: [ids.staff[0]],
    });
    expect(admitted.status).toBe(201);
    const visitId = (admitted.body as { id: number }).id;
    const visit = (await call('GET', `/visits/${visitId}`)).body as { display_name: string };
    expect(visit.display_name).toBe('Jordan A.');

    await screens.workflow.getByText(visit.display_name).first().waitFor({ timeout: 10_000 });
    // The staff member made through REST is with the patient, shown by staff type (names stay off the wall).
    await screens.workflow
      .locator('.workflow-staff-chip', { hasText: 'Nurse' })
      .first()
      .waitFor({ timeout: 10_000 });
    await screens.workflow
      .locator('.workflow-phase-pill', { hasText: 'Check-in' })
      .first()
      .waitFor({ timeout: 10_000 });
    // The board shows badges (show_badge): the family's code is the badge's label.
    await screens.family.getByText('P-101').waitFor({ timeout: 10_000 });

    expect((await call('POST', `/visits/${visitId}/phase`, { phase_id: ids.phases[1] })).status).toBe(200);
    await screens.workflow
      .locator('.workflow-phase-pill', { hasText: 'Pre-op' })
      .first()
      .waitFor({ timeout: 10_000 });
    await expect
      .poll(() => screens.family.locator('tbody tr', { hasText: 'P-101' }).textContent(), {
        timeout: 10_000,
      })
      .toContain('Pre-op');

    expect((await call('POST', `/visits/${visitId}/calls`, { station_id: ids.stations[1] })).status).toBe(
      201,
    );
    await screens.patient.getByText('Now calling').waitFor({ timeout: 10_000 });
    await screens.patient.getByText('Bay 1').first().waitFor({ timeout: 10_000 });

    const shortBefore = await screens.assets.locator('.par-row[data-key]').first().textContent();
    expect(shortBefore).toContain('1 short');
    const moved = await call('PUT', `/assets/${ids.assets[0]}/location`, {
      location_id: ids.locations['Pre-op Bay 1'],
    });
    expect(moved.status).toBe(200);
    await expect
      .poll(() => screens.assets.locator('.par-row[data-key]').first().getAttribute('data-status'), {
        timeout: 10_000,
      })
      .toBe('within');

    for (const [type, page] of Object.entries(screens)) await screenshot(page, `from-zero-${type}-board`);
  });
});
