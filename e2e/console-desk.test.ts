import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';
import { chooseOption } from './mui-select.ts';

// The console's Desk writes patient flow over the socket gateway (decisions CON-53 to CON-58); a
// real patient board (the demo's board 3, Walk-in Clinic) shows and captions the call (product.md §9).
const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;
const PATIENT_BOARD = 3;
const BOARD_NAME = 'Clinic Calling Board';
const WORKFLOW = 'Walk-in Clinic';
const FIRST = { first: 'Zoe', last: 'Quill', display: 'Zoe Q.' };
const SECOND = { first: 'Yann', last: 'Rho', display: 'Yann R.' };
const STATION = 'Exam 2';
const MESSAGE = 'Flu shots at the Lab Window today.';
let server: TestServer;
let browser: Browser;
let screen: Page;
let desk: Page;
let badgeLabel: string;

beforeAll(async () => {
  // No simulator: the only calls and badges are the test's.
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  browser = await launchBrowser();
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Captions the board showed, watched from inside its page (a test's evaluation would unlock sound). */
async function recordCaptions(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const scope = window as unknown as { __captions: string[] };
    scope.__captions = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="announcement-caption"]')?.textContent?.trim();
      if (text && scope.__captions.at(-1) !== text) scope.__captions.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The patient board on a screen activated with its code, confirmed on a phone. */
async function activatePatientBoard(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await recordCaptions(context);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/?id=${PATIENT_BOARD}&auth_flow=1`);
  const text = page.getByText(ACTIVATE_TEXT);
  await text.waitFor({ timeout: 30_000 });
  const code = ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '';
  const link = (await page.locator(`a[href*="user_code=${code}"]`).first().getAttribute('href')) ?? '';
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(link);
  await phonePage.getByRole('button', { name: 'Confirm' }).click();
  await phonePage.getByLabel('Email').fill('admin@demo.test');
  await phonePage.getByLabel('Password').fill('careboard-demo');
  await phonePage.getByRole('button', { name: 'Sign in' }).click();
  await phonePage.getByText('Display activated').waitFor({ timeout: 15_000 });
  await phone.close();
  await page.getByText(BOARD_NAME).first().waitFor({ timeout: 40_000 });
  return page;
}

/** Picks `option` in the MUI select labelled `label` (inside `scope`). */
const choose = (scope: Locator | Page, label: string, option: string | RegExp): Promise<void> =>
  chooseOption(desk, scope, label, option);

const outcome = (text: string) => desk.getByRole('status').getByText(text, { exact: true });
const section = (heading: string) => desk.getByRole('region', { name: heading, exact: true });

async function admit(person: { first: string; last: string }, badge: string | null): Promise<void> {
  const form = section('Admit a patient');
  await form.getByLabel('First name').fill(person.first);
  await form.getByLabel('Last name').fill(person.last);
  if (badge) await choose(form, 'Badge', badge);
  await form.getByRole('button', { name: 'Admit' }).click();
}

describe('the console Desk', () => {
  it('opens on the workflows, with the patient board live on a paired screen', async () => {
    screen = await activatePatientBoard();
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
    desk = await context.newPage();
    await signInToConsole(desk, server, '/console/desk');
    await desk.getByRole('heading', { level: 1, name: 'Desk' }).waitFor({ timeout: 15_000 });
    await desk.getByRole('tab', { name: WORKFLOW }).click();
    await section("Today's patients").getByRole('heading', { name: 'Registration' }).waitFor();
    await screenshot(desk, 'console-desk-open');
    expect(await seriousAxeViolations(desk)).toEqual([]);
  }, 150_000);

  it('admits a patient with a free badge over the socket, and shows them in the first phase', async () => {
    await section('Admit a patient').getByRole('combobox', { name: 'Badge' }).click();
    const free = desk
      .getByRole('option')
      .filter({ hasNotText: /in use|low battery|No badge/ })
      .first();
    badgeLabel = ((await free.textContent()) ?? '').trim();
    await desk.keyboard.press('Escape');
    expect(badgeLabel).not.toBe('');
    await admit(FIRST, badgeLabel);
    await outcome(`Admit ${FIRST.display}: done.`).waitFor({ timeout: 15_000 });
    const patient = section("Today's patients").getByRole('button', { name: new RegExp(FIRST.display) });
    await patient.waitFor({ timeout: 10_000 });
    expect(await patient.textContent()).toContain(`Badge ${badgeLabel}`);
    await desk.getByRole('heading', { level: 2, name: FIRST.display }).waitFor();
    await screenshot(desk, 'console-desk-admitted');
    // The record is cleared 5 s after its success.
    await outcome(`Admit ${FIRST.display}: done.`).waitFor({ state: 'detached', timeout: 10_000 });
  }, 40_000);

  it('moves the patient to another phase', async () => {
    const panel = section(FIRST.display);
    await choose(panel, 'Move to phase', 'Waiting');
    await panel.getByRole('button', { name: `Move ${FIRST.display}` }).click();
    await outcome(`Move ${FIRST.display} to Waiting: done.`).waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.getByText(/^In Waiting for/).count(), { timeout: 10_000 }).toBe(1);
  }, 30_000);

  it('calls the patient to a station with one button: the patient board shows and captions the call', async () => {
    await section(FIRST.display)
      .getByRole('button', { name: `Call ${FIRST.display} to ${STATION}` })
      .click();
    await outcome(`Call ${FIRST.display} to ${STATION}: done.`).waitFor({ timeout: 15_000 });
    await screenshot(desk, 'console-desk-called');
    await expect
      .poll(() => screen.getByTestId('now-calling-name').textContent(), { timeout: 15_000 })
      .toBe(FIRST.first);
    expect(await screen.getByTestId('now-calling-station').textContent()).toContain(STATION);
    await expect
      .poll(() => screen.evaluate(() => (window as unknown as { __captions: string[] }).__captions), {
        timeout: 15_000,
      })
      .toContain(`${FIRST.first}, please proceed to ${STATION}.`);
    await screenshot(screen, 'console-desk-patient-board-call');
  }, 40_000);

  it("shows the catalogue's text when a second patient is given the badge the first wears", async () => {
    await admit(SECOND, null);
    await outcome(`Admit ${SECOND.display}: done.`).waitFor({ timeout: 15_000 });
    const panel = section(SECOND.display);
    await panel.waitFor();
    await choose(panel, 'Badge', `${badgeLabel} (in use)`);
    await panel.getByRole('button', { name: `Change badge of ${SECOND.display}` }).click();
    await outcome(`Give ${SECOND.display} badge ${badgeLabel}: This Badge is currently in use.`).waitFor({
      timeout: 15_000,
    });
    await screenshot(desk, 'console-desk-badge-in-use');
    expect(await seriousAxeViolations(desk)).toEqual([]);
  }, 40_000);

  it('posts a message with an expiry to the workflow’s boards, and deletes it', async () => {
    const messages = section('Messages to boards');
    await messages.getByRole('textbox', { name: 'Message' }).fill(MESSAGE);
    await choose(messages, 'Runs for', '15 minutes');
    await messages.getByRole('button', { name: 'Post message' }).click();
    await outcome('Post the message: done.').waitFor({ timeout: 15_000 });
    await messages.getByText(MESSAGE).waitFor({ timeout: 10_000 });
    expect(await messages.getByText(`On the boards of ${WORKFLOW} · until`, { exact: false }).count()).toBe(
      1,
    );
    await expect
      .poll(() => screen.getByTestId('message-banner').textContent(), { timeout: 20_000 })
      .toContain(MESSAGE);
    await screenshot(desk, 'console-desk-message');
    await messages.getByRole('button', { name: `Delete message “${MESSAGE}”` }).click();
    await expect.poll(() => messages.getByText(MESSAGE).count(), { timeout: 10_000 }).toBe(0);
  }, 60_000);

  it('completes a visit: the patient leaves the list', async () => {
    await section("Today's patients")
      .getByRole('button', { name: new RegExp(SECOND.display) })
      .click();
    await section(SECOND.display)
      .getByRole('button', { name: `Complete visit of ${SECOND.display}` })
      .click();
    await outcome(`Complete ${SECOND.display}: done.`).waitFor({ timeout: 15_000 });
    await expect
      .poll(
        () =>
          section("Today's patients")
            .getByRole('button', { name: new RegExp(SECOND.display) })
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
  }, 30_000);
});
