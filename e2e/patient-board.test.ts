import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/test-server.ts';
import {
  BOARD_VIEWPORTS,
  expectStaleAcrossRestart,
  hasScrollbar,
  openSignedInBoard,
} from './board-session.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { startE2eServer } from './e2e-server.ts';
import { callThroughApi, PATIENT_BOARD, stations, visitsToCall } from './patient-calls.ts';

/** The demo's patient board: Walk-in Clinic, first names, tone and announcement on. */
const BOARD_NAME = 'Clinic Calling Board';
const WELCOME_MESSAGE = 'Welcome to Riverside Medical Center. Please keep your badge with you.';
const ORGANIZATION = 'Riverside Medical Center';
/** How long the fake voice takes to say anything. */
const SPEAK_MS = 800;

let server: TestServer;
/** Chromium as a board runs it: sound allowed without a gesture (kiosk set-up). */
let browser: Browser;
/** Chromium with its default autoplay policy: sound blocked until a gesture. */
let strictBrowser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startE2eServer();
  [browser, strictBrowser] = await Promise.all([
    launchBrowser(['--autoplay-policy=no-user-gesture-required']),
    launchBrowser(['--autoplay-policy=document-user-activation-required']),
  ]);
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await Promise.all([browser?.close(), strictBrowser?.close()]);
  await server?.close();
});

/**
 * Replaces only the speech output: `speechSynthesis.speak` becomes a recorder
 * that starts the utterance, reads the caption on screen, and ends it after
 * SPEAK_MS, and the device has a voice for en-US. The tone is observed (oscillator starts), not replaced. The board's
 * queue, gate and sinks run as shipped.
 */
async function installSpeechRecorder(context: BrowserContext, speakMs: number): Promise<void> {
  await context.addInitScript((ms: number) => {
    interface Recorded {
      text: string;
      lang: string;
      start: number;
      end: number | null;
      captionAtStart: string | null;
      captionAtEnd: string | null;
    }
    const scope = window as unknown as {
      __spoken: Recorded[];
      __tones: number[];
      __screen: { captions: string[]; soundBlocked: boolean[] };
    };
    scope.__spoken = [];
    scope.__tones = [];
    scope.__screen = { captions: [], soundBlocked: [] };
    const caption = () =>
      document.querySelector('[data-testid="announcement-caption"]')?.textContent?.trim() || null;
    // What the screen showed, watched from inside the page: reading it from the test
    // (page.evaluate, locators) would give the page user activation, and so unlock sound.
    new MutationObserver(() => {
      const text = caption();
      const { captions, soundBlocked } = scope.__screen;
      if (text && captions.at(-1) !== text) captions.push(text);
      const blocked = document.querySelector('[data-testid="sound-blocked"]') !== null;
      if (soundBlocked.at(-1) !== blocked) soundBlocked.push(blocked);
    }).observe(document, { subtree: true, childList: true, characterData: true });
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      scope.__tones.push(Date.now());
      return start.apply(this, args);
    };
    Object.defineProperty(window.speechSynthesis, 'speak', {
      configurable: true,
      value(utterance: SpeechSynthesisUtterance) {
        const record: Recorded = {
          text: utterance.text,
          lang: utterance.lang,
          start: Date.now(),
          end: null,
          captionAtStart: caption(),
          captionAtEnd: null,
        };
        scope.__spoken.push(record);
        utterance.dispatchEvent(new SpeechSynthesisEvent('start', { utterance }));
        setTimeout(() => {
          record.captionAtEnd = caption();
          record.end = Date.now();
          utterance.dispatchEvent(new SpeechSynthesisEvent('end', { utterance }));
        }, ms);
      },
    });
    Object.defineProperty(window.speechSynthesis, 'cancel', { configurable: true, value() {} });
    // A device with a voice for the locale: the board speaks with it, not the offline fallback
    // (which patient-board-fallback-voice.test.ts hears on Debian's voiceless Chromium).
    Object.defineProperty(window.speechSynthesis, 'getVoices', {
      configurable: true,
      value: () => [
        { lang: 'en-US', name: 'Recorder', default: true, localService: true, voiceURI: 'recorder' },
      ],
    });
  }, speakMs);
}

interface Spoken {
  readonly text: string;
  readonly lang: string;
  readonly start: number;
  readonly end: number | null;
  readonly captionAtStart: string | null;
  readonly captionAtEnd: string | null;
}

function spoken(page: Page): Promise<Spoken[]> {
  return page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);
}

/** The captions shown and the 'Sound blocked' mark's appearances, as watched inside the page. */
function watched(page: Page): Promise<{ captions: string[]; soundBlocked: boolean[] }> {
  return page.evaluate(
    () => (window as unknown as { __screen: { captions: string[]; soundBlocked: boolean[] } }).__screen,
  );
}

function tones(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __tones: number[] }).__tones);
}

/**
 * The patient board, signed in. With `recordSpeech`, the board is opened again
 * in a new tab of the signed-in context (the session is in local storage) with
 * the speech recorder installed: a tab that no one has clicked in, so under
 * the strict browser's autoplay policy its sound is blocked (the sign-in click
 * would have allowed it in the first tab).
 */
async function openPatientBoard(
  viewport: { readonly width: number; readonly height: number },
  options: { readonly strict?: boolean; readonly recordSpeech?: boolean } = {},
): Promise<Page> {
  const chosen = options.strict ? strictBrowser : browser;
  const signedIn = await openSignedInBoard(chosen, server, PATIENT_BOARD, viewport);
  const { context } = signedIn;
  contexts.push(context);
  let page = signedIn.page;
  if (options.recordSpeech) {
    await installSpeechRecorder(context, SPEAK_MS);
    await page.close();
    page = await context.newPage();
    await page.goto(`${server.baseUrl}/?id=${PATIENT_BOARD}`);
    if (options.strict) {
      // No locator until the board has judged its sound: Playwright's page evaluations
      // count as user activation. Time to sign in silently, go live, and check the audio.
      await page.waitForTimeout(8_000);
      return page;
    }
    await page.locator('.board[data-live="true"]').waitFor({ timeout: 30_000 });
  }
  await page.getByText(BOARD_NAME).first().waitFor();
  return page;
}

describe('the patient board on the demo data', () => {
  beforeAll(async () => {
    // A call a moment ago: the board shows its calls view rather than the idle view.
    const [visit] = await visitsToCall(server, 1);
    const [station] = await stations(server);
    if (!visit || !station) throw new Error('no demo visit or station');
    await callThroughApi(server, visit, station);
  });

  for (const viewport of BOARD_VIEWPORTS) {
    it(`fills ${viewport.width}×${viewport.height}: now calling, recent calls, the message banner; no scrollbar`, async () => {
      const page = await openPatientBoard(viewport);
      await page.getByText('Now calling').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('now-calling-name').textContent()).toMatch(/^\S+$/);
      expect(await page.getByTestId('now-calling-station').textContent()).not.toBe('');
      expect(await page.getByRole('heading', { name: 'Recent calls' }).count()).toBe(1);
      expect(await page.getByTestId('message-banner').textContent()).toContain(WELCOME_MESSAGE);

      // Everything drawn lies inside the board body: paged, never clipped or scrolled.
      const fits = await page.evaluate(() => {
        const body = document.querySelector('.board-body')?.getBoundingClientRect();
        const parts = [
          ...document.querySelectorAll('.patient-now, .patient-recent-item:not(.patient-recent-probe)'),
        ];
        return Boolean(
          body && parts.every((part) => part.getBoundingClientRect().bottom <= body.bottom + 0.5),
        );
      });
      expect(fits).toBe(true);
      expect(await hasScrollbar(page)).toBe(false);
      await screenshot(page, `patient-board-${viewport.width}x${viewport.height}`);
    });
  }

  it('pages the recent calls when the viewport shrinks, still without a scrollbar', async () => {
    const page = await openPatientBoard({ width: 1366, height: 768 });
    await page.getByText('Now calling').waitFor({ timeout: 15_000 });
    await page.setViewportSize({ width: 1366, height: 400 });
    await expect
      .poll(() => page.getByTestId('page-indicator').textContent(), { timeout: 10_000 })
      .toMatch(/^Page 1 of \d+$/);
    expect(await hasScrollbar(page)).toBe(false);
    await screenshot(page, 'patient-board-1366x400-paged');
  });

  it('shows the idle view (clock, organization, welcome) once no one has been called for a while', async () => {
    const context = await browser.newContext({ viewport: BOARD_VIEWPORTS[1] });
    contexts.push(context);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${server.baseUrl}/?id=${PATIENT_BOARD}`);
    await page.getByLabel('Email').fill('admin@demo.test', { timeout: 30_000 });
    await page.getByLabel('Password').fill('careboard-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Now calling').waitFor({ timeout: 30_000 });
    await page.clock.fastForward('11:00');
    const idle = page.getByTestId('idle-view');
    await idle.waitFor({ timeout: 10_000 });
    expect(await idle.textContent()).toContain(ORGANIZATION);
    expect(await idle.textContent()).toContain('Welcome');
    expect(await idle.locator('.board-clock-time').textContent()).toMatch(/\d{1,2}:\d{2}/);
    expect(await hasScrollbar(page)).toBe(false);
    await screenshot(page, 'patient-board-idle');
  });

  it('shows a call made through the API live, as the one now calling', async () => {
    const page = await openPatientBoard(BOARD_VIEWPORTS[1]);
    const [, visit] = await visitsToCall(server, 2);
    const station = (await stations(server)).at(-1);
    if (!visit || !station) throw new Error('no demo visit or station');
    await callThroughApi(server, visit, station);
    await expect
      .poll(() => page.getByTestId('now-calling-name').textContent(), { timeout: 10_000 })
      .toBe(visit.firstName);
    expect(await page.getByTestId('now-calling-station').textContent()).toBe(station.name);
    await screenshot(page, 'patient-board-after-call');
  });

  it("dims and says 'Reconnecting — data as of' when the server stops, and is live again after restart", async () => {
    const page = await openPatientBoard(BOARD_VIEWPORTS[0]);
    await expectStaleAcrossRestart(page, server, {
      content: '[data-testid="now-calling-name"]',
      screenshot: 'patient-board-stale',
      restarted: (restarted) => {
        server = restarted;
      },
    });
  });
});

describe('announcements', () => {
  it('announces two calls made in quick succession: both, in order, never overlapping, each captioned', async () => {
    const page = await openPatientBoard(BOARD_VIEWPORTS[1], { recordSpeech: true });
    // The calls already there when the board opened are shown, not announced.
    await page.waitForTimeout(2_000);
    expect(await spoken(page)).toEqual([]);
    expect(await page.getByTestId('sound-blocked').count()).toBe(0);

    const [first, second] = await visitsToCall(server, 4).then((visits) => visits.slice(2));
    const [stationA, stationB] = (await stations(server)).slice(4, 6);
    if (!first || !second || !stationA || !stationB) throw new Error('no demo visits or stations');
    const firstText = await callThroughApi(server, first, stationA);
    const secondText = await callThroughApi(server, second, stationB);

    await expect
      .poll(async () => (await spoken(page)).filter((s) => s.end !== null).length, { timeout: 30_000 })
      .toBe(2);
    const [one, two] = await spoken(page);
    expect((await spoken(page)).length).toBe(2);
    expect(one?.text).toBe(firstText);
    expect(two?.text).toBe(secondText);
    expect(one?.lang).toBe('en-US');
    expect(two?.start).toBeGreaterThanOrEqual(one?.end ?? Number.POSITIVE_INFINITY);
    // Each caption was on screen for the whole time its words played.
    expect(one?.captionAtStart).toBe(firstText);
    expect(one?.captionAtEnd).toBe(firstText);
    expect(two?.captionAtStart).toBe(secondText);
    expect(two?.captionAtEnd).toBe(secondText);
    // The tone (two notes) came before each announcement's words.
    const toneTimes = await tones(page);
    expect(toneTimes.length).toBe(4);
    expect(toneTimes[1]).toBeLessThanOrEqual(one?.start ?? 0);
    expect(toneTimes[2]).toBeGreaterThanOrEqual(one?.end ?? Number.POSITIVE_INFINITY);
    expect(toneTimes[3]).toBeLessThanOrEqual(two?.start ?? 0);
    await screenshot(page, 'patient-board-announced');
  });

  it("shows 'Sound blocked' and captions only while the browser blocks sound; a click unlocks it", async () => {
    const page = await openPatientBoard(BOARD_VIEWPORTS[0], { strict: true, recordSpeech: true });
    const [blockedCall, unlockedCall] = await visitsToCall(server, 6).then((visits) => visits.slice(4));
    const [stationA, stationB] = (await stations(server)).slice(6, 8);
    if (!blockedCall || !unlockedCall || !stationA || !stationB)
      throw new Error('no demo visits or stations');
    const blockedText = await callThroughApi(server, blockedCall, stationA);
    await page.waitForTimeout(3_000);

    const seen = await watched(page);
    expect(seen.soundBlocked).toEqual([false, true]);
    expect(seen.captions).toEqual([blockedText]);
    expect(await spoken(page)).toEqual([]);
    expect(await tones(page)).toEqual([]);
    const mark = page.getByTestId('sound-blocked');
    expect(await mark.textContent()).toContain('Sound blocked');
    await screenshot(page, 'patient-board-sound-blocked');
    // Reading the page gave it activation, but only a gesture event resumes the audio: still blocked.
    await page.waitForTimeout(1_000);
    expect(await mark.count()).toBe(1);

    await page.mouse.click(200, 200);
    await expect.poll(() => mark.count(), { timeout: 10_000 }).toBe(0);
    const unlockedText = await callThroughApi(server, unlockedCall, stationB);
    await expect
      .poll(async () => (await spoken(page)).map((s) => s.text), { timeout: 15_000 })
      .toEqual([unlockedText]);
  });
});
