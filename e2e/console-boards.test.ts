import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { DEMO_ADMIN, seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';
import { chooseOption } from './mui-select.ts';

// Boards: the editor changes the preview and a paired screen within 2 s (decisions CON-39 to CON-48).
const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;
const WORKFLOW_TITLE = 'Day Surgery — Patient Flow';
const CALLING_TITLE = 'Clinic Calling Board';
const HEADERS = '.workflow-table thead th';

let server: TestServer;
let browser: Browser;
let consoleContext: BrowserContext;
let screenContext: BrowserContext;
let page: Page;
let screen: Page;

beforeAll(async () => {
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  browser = await launchBrowser();
  // No bypassCSP here: the preview must frame the board under the headers as served.
  consoleContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  // Every utterance the page asks for is recorded, then spoken as usual.
  await consoleContext.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { spokenTexts: string[] }).spokenTexts = spoken;
    // What the offline voice plays: each buffer's length and loudness (RMS).
    const played: { seconds: number; rms: number }[] = [];
    (window as unknown as { playedBuffers: typeof played }).playedBuffers = played;
    const startSource = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: number[]) {
      const samples = this.buffer?.getChannelData(0) ?? new Float32Array();
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      played.push({ seconds: this.buffer?.duration ?? 0, rms: Math.sqrt(sum / Math.max(1, samples.length)) });
      return startSource.apply(this, args as []);
    };
    if (!('speechSynthesis' in window)) return;
    const original = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push(utterance.text);
      original(utterance);
    };
  });
  screenContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** An admin with a phone confirms the code the screen shows (as in device-management.test.ts). */
async function activateScreen(target: Page): Promise<void> {
  const text = target.getByText(ACTIVATE_TEXT);
  await text.waitFor({ timeout: 30_000 });
  const code = ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '';
  const link = (await target.locator(`a[href*="user_code=${code}"]`).first().getAttribute('href')) ?? '';
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(link);
  await expect.poll(() => phonePage.getByText(code).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await phonePage.getByRole('button', { name: 'Confirm' }).click();
  await phonePage.getByLabel('Email').fill(DEMO_ADMIN.email);
  await phonePage.getByLabel('Password').fill(DEMO_ADMIN.password);
  await phonePage.getByRole('button', { name: 'Sign in' }).click();
  await phonePage.getByText('Display activated').waitFor({ timeout: 15_000 });
  await phone.close();
}

const preview = (): FrameLocator => page.frameLocator('[data-testid="board-preview"]');

/** The workflow table's column headers and display style, as a board shows them. */
async function boardState(target: Page | FrameLocator): Promise<string> {
  const headers = await target.locator(HEADERS).allTextContents();
  const style = await target
    .locator('[data-display-style]')
    .first()
    .getAttribute('data-display-style', { timeout: 500 })
    .catch(() => null);
  return `style ${style}: ${headers.join(' | ')}`;
}

describe('the Boards page', () => {
  it('lists the boards, with a paired screen showing board 1', async () => {
    screen = await screenContext.newPage();
    await screen.goto(`${server.baseUrl}/?id=1&auth_flow=1`);
    await activateScreen(screen);
    await screen.getByText(WORKFLOW_TITLE).first().waitFor({ timeout: 40_000 });
    await screen.locator(HEADERS).first().waitFor({ timeout: 15_000 });

    page = await consoleContext.newPage();
    await signInToConsole(page, server, '/console/boards');
    const list = page.getByRole('table', { name: 'Display boards' });
    await list.getByRole('link', { name: `Edit ${WORKFLOW_TITLE}` }).waitFor({ timeout: 15_000 });
    expect(await list.getByRole('row').count()).toBe(5);
    await screenshot(page, 'console-boards-list');
  }, 120_000);

  it('opens the editor with the real board signed in and live in the preview', async () => {
    await page.getByRole('link', { name: `Edit ${WORKFLOW_TITLE}` }).click();
    await page.getByRole('heading', { name: `Edit ${WORKFLOW_TITLE}` }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/console/boards/1');
    await preview().getByText(WORKFLOW_TITLE).first().waitFor({ timeout: 40_000 });
    await preview().locator(HEADERS).first().waitFor({ timeout: 15_000 });
    const before = 'style 1: Badge | Patient | Phase | Location | In phase | Estimate | Avg today | Staff';
    expect(await boardState(preview())).toBe(before);
    expect(await boardState(screen)).toBe(before);
    expect(await page.locator('input[name="name"]').inputValue()).toBe(WORKFLOW_TITLE);
    await screenshot(page, 'console-boards-editor');
  }, 90_000);

  it('reorders by keyboard, hides a column and changes the style: preview and screen follow within 2 s', async () => {
    // Location up one place with the keyboard: pick up, arrow up, drop (dnd-kit's keyboard sensor).
    // dnd-kit listens for the arrows from the next task on and measures the rows between keys.
    await page.getByRole('button', { name: 'Drag Location' }).focus();
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    const order = () =>
      page
        .locator('ol[aria-label="Columns in board order"] > li')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-column')));
    await expect
      .poll(order)
      .toEqual([
        'badge_label',
        'display_name',
        'location',
        'phase',
        'time_in_phase',
        'estimated_duration',
        'avg_duration',
        'staff',
        'station',
      ]);
    // Estimate down one with its button (then back up: both buttons work).
    await page.getByRole('button', { name: 'Move Estimate down' }).click();
    expect((await order())[6]).toBe('estimated_duration');
    await page.getByRole('button', { name: 'Move Estimate up' }).click();
    expect((await order())[5]).toBe('estimated_duration');

    await page.getByRole('switch', { name: 'Show Staff' }).uncheck();
    await page.getByLabel('Patient: label').fill('Name');
    await chooseOption(page, page, 'Display style', 'One phase at a time');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Screens showing this board update now.').waitFor({ timeout: 10_000 });
    const saved = Date.now();
    // Phase at a time names the phase above each table, so the board leaves out its column.
    const after = 'style 2: Badge | Name | Location | In phase | Estimate | Avg today';
    await expect.poll(() => boardState(preview()), { timeout: 2_000, interval: 100 }).toBe(after);
    await expect.poll(() => boardState(screen), { timeout: 2_000, interval: 100 }).toBe(after);
    const took = Date.now() - saved;
    process.stdout.write(`preview and paired screen followed the save in ${took} ms\n`);
    expect(took).toBeLessThan(2_000);
    await screenshot(page, 'console-boards-saved-1920x1080');
    await screenshot(screen, 'console-boards-paired-screen');
  }, 60_000);

  it('shows the preview at another screen size', async () => {
    await chooseOption(page, page, 'Screen size', '1080 × 1920 (portrait)');
    const frame = page.locator('[data-testid="board-preview"]');
    await expect.poll(() => frame.getAttribute('width')).toBe('1080');
    expect(await frame.getAttribute('height')).toBe('1920');
    expect(await frame.getAttribute('title')).toBe(
      `Live preview of ${WORKFLOW_TITLE} at 1080 × 1920 (portrait)`,
    );
    await preview().locator(HEADERS).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-boards-preview-portrait');
  }, 30_000);

  it('stacks the form and the preview on a 1024×768 tablet', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-boards-editor-1024x768');
    const form = await page.locator('form').boundingBox();
    const framed = await page.locator('[data-testid="board-preview"]').boundingBox();
    expect(form && framed && framed.y > form.y + form.height - 1).toBe(true);
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((element) => !element.closest('[data-testid="board-preview"]'))
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)} ${element.outerHTML.slice(0, 300)}`,
        ),
    );
    expect(wider).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1600, height: 1000 });
  }, 30_000);

  it('speaks a test announcement built with placeholder chips', async () => {
    await page.getByRole('link', { name: 'All boards' }).click();
    await page.getByRole('link', { name: `Edit ${CALLING_TITLE}` }).click();
    const template = page.getByLabel('Announcement template');
    await template.waitFor({ timeout: 15_000 });
    await template.fill('Now calling ');
    // A click on one chip, Enter on another: each goes in at the caret, and typing goes on after it.
    await page.getByRole('button', { name: 'Insert {patient_first_name}' }).click();
    await page.keyboard.type(' to');
    await page.getByRole('button', { name: 'Insert {station_name}' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('.');
    expect(await template.inputValue()).toBe('Now calling {patient_first_name} to {station_name}.');

    await page.getByRole('button', { name: 'Test announcement' }).click();
    await page.getByText('Spoken here: “Now calling Maria to Room 4.”').waitFor();
    // Debian's Chromium has no voice: the console speaks with the offline voice, as a screen
    // without voices does (SCR-12), and says so; nothing goes to the browser's own synthesis.
    await page
      .getByText(
        'This browser has no voice of its own: the offline voice spoke, as on a screen without voices.',
      )
      .waitFor({ timeout: 30_000 });
    const spoken = await page.evaluate(() => (window as unknown as { spokenTexts: string[] }).spokenTexts);
    expect(spoken).toEqual([]);
    // Heard: one utterance of audible speech, of a plausible length for six words.
    const played = await page.evaluate(
      () => (window as unknown as { playedBuffers: { seconds: number; rms: number }[] }).playedBuffers,
    );
    expect(played).toHaveLength(1);
    expect(played[0]?.seconds).toBeGreaterThan(1);
    expect(played[0]?.seconds).toBeLessThan(6);
    expect(played[0]?.rms).toBeGreaterThan(0.02);
    // The board's voice and rate, with their defaults: a calm pace for a waiting room.
    expect(await page.getByLabel('Speaking rate').inputValue()).toBe('0.85');
    await screenshot(page, 'console-boards-test-announcement');
  }, 60_000);

  it('has no serious or critical accessibility violations on the list and the editor', async () => {
    // axe-core is injected as a script tag, which the served CSP forbids: a context that bypasses it.
    const axeContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const axePage = await axeContext.newPage();
    await signInToConsole(axePage, server, '/console/boards');
    await axePage.getByRole('link', { name: `Edit ${WORKFLOW_TITLE}` }).waitFor({ timeout: 15_000 });
    expect(await seriousAxeViolations(axePage)).toEqual([]);
    for (const id of [1, 3]) {
      await axePage.goto(`${server.baseUrl}/console/boards/${id}`);
      await axePage.getByRole('button', { name: 'Save' }).waitFor({ timeout: 30_000 });
      expect(await seriousAxeViolations(axePage), `board ${id}`).toEqual([]);
    }
    await axeContext.close();
  }, 120_000);
});
