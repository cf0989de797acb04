import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../apps/server/test/api-client.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { BOARD_VIEWPORTS } from './board-session.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';
import { callThroughApi, PATIENT_BOARD, stations, visitsToCall } from './patient-calls.ts';

/**
 * Debian's Chromium has no speech synthesis voices (getVoices() is empty, speak
 * fails with synthesis-failed), as many kiosk screens. A patient board there speaks its calls
 * through the offline eSpeak NG voice (decision SCR-12), played through the board's audio
 * context, which this test taps: what reaches the speakers is measured, not faked.
 */

/** The demo's patient board: tone and announcement on. */
const BOARD_NAME = 'Clinic Calling Board';
const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;
/** A frame of audio this loud (RMS) or more is sound, not silence. */
const AUDIBLE_RMS = 0.01;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // No simulated calls: the board says only the calls this test makes.
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0' });
  // A kiosk's Chromium: sound allowed without a gesture.
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Played {
  /** Wall-clock ms when the buffer started and ended. */
  readonly start: number;
  end: number | null;
  /** The buffer's length in seconds. */
  readonly seconds: number;
  readonly captionAtStart: string | null;
  /** The captions on screen while it played, read every 50 ms. */
  readonly captionsWhilePlaying: (string | null)[];
}

interface Heard {
  /** Buffers played (the fallback voice's utterances). */
  played: Played[];
  /** Oscillator starts (the tone's notes). */
  tones: number[];
  /** Frames that reached the speakers loud enough to hear: when, and how long each lasts. */
  loud: { at: number; seconds: number }[];
  /** Utterances handed to the browser's own speech synthesis. */
  deviceSpoken: string[];
  voices: number;
}

/**
 * Taps the page's audio: every node connected to a context's speakers is also connected to
 * a ScriptProcessor that measures what plays, frame by frame. Buffer sources and oscillators
 * are observed (when they start and end, the caption on screen then), not replaced.
 */
async function installAudioTap(target: BrowserContext, audibleRms: number): Promise<void> {
  await target.addInitScript((threshold: number) => {
    const heard = { played: [], tones: [], loud: [], deviceSpoken: [], voices: -1 } as unknown as Heard;
    (window as unknown as { __heard: Heard }).__heard = heard;
    const caption = () =>
      document.querySelector('[data-testid="announcement-caption"]')?.textContent?.trim() || null;
    const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
    const taps = new WeakMap<BaseAudioContext, ScriptProcessorNode>();
    const tapOf = (audio: BaseAudioContext) => {
      let tap = taps.get(audio);
      if (!tap) {
        tap = audio.createScriptProcessor(1024, 1, 1);
        tap.onaudioprocess = (event) => {
          const samples = event.inputBuffer.getChannelData(0);
          let sum = 0;
          for (const sample of samples) sum += sample * sample;
          if (Math.sqrt(sum / samples.length) >= threshold)
            heard.loud.push({ at: Date.now(), seconds: samples.length / event.inputBuffer.sampleRate });
        };
        connect.call(tap, audio.destination);
        taps.set(audio, tap);
      }
      return tap;
    };
    AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
      const result = connect.apply(this, args);
      if (args[0] instanceof AudioDestinationNode) connect.call(this, tapOf(this.context));
      return result;
    } as typeof AudioNode.prototype.connect;
    const startSource = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: number[]) {
      const record: Played = {
        start: Date.now(),
        end: null,
        seconds: this.buffer?.duration ?? 0,
        captionAtStart: caption(),
        captionsWhilePlaying: [],
      };
      heard.played.push(record);
      const reading = setInterval(() => record.captionsWhilePlaying.push(caption()), 50);
      this.addEventListener('ended', () => {
        clearInterval(reading);
        record.end = Date.now();
      });
      return startSource.apply(this, args as []);
    };
    const startOscillator = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      heard.tones.push(Date.now());
      return startOscillator.apply(this, args);
    };
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      heard.deviceSpoken.push(utterance.text);
      speak(utterance);
    };
    setTimeout(() => {
      heard.voices = window.speechSynthesis.getVoices().length;
    }, 1_000);
  }, audibleRms);
}

/** The REST API as the console's admin calls it: screens too. */
async function adminApi() {
  return apiClient(
    server,
    await accessToken(server, { scope: 'access:display-board read:kiosks write:* read:*' }),
  );
}

/** An admin with a phone confirms the code the screen shows. */
async function confirmOnPhone(link: string, code: string): Promise<void> {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(link);
  await expect.poll(() => phonePage.getByText(code).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await phonePage.getByRole('button', { name: 'Confirm' }).click();
  await phonePage.getByLabel('Email').fill('admin@demo.test');
  await phonePage.getByLabel('Password').fill('careboard-demo');
  await phonePage.getByRole('button', { name: 'Sign in' }).click();
  await phonePage.getByText('Display activated').waitFor({ timeout: 15_000 });
  await phone.close();
}

const heard = (target: Page) => target.evaluate(() => (window as unknown as { __heard: Heard }).__heard);

/** Seconds of audible sound that reached the speakers between two moments. */
function loudSeconds(h: Heard, from: number, to: number): number {
  return h.loud.filter((frame) => frame.at >= from && frame.at <= to).reduce((sum, f) => sum + f.seconds, 0);
}

describe('a patient board on a screen without voices (Debian Chromium)', () => {
  let deviceId = 0;

  it('activates as a screen and shows its calling board', async () => {
    context = await browser.newContext({ viewport: BOARD_VIEWPORTS[1] });
    await installAudioTap(context, AUDIBLE_RMS);
    page = await context.newPage();
    await page.goto(`${server.baseUrl}/?id=${PATIENT_BOARD}&auth_flow=1`);
    const text = page.getByText(ACTIVATE_TEXT);
    await text.waitFor({ timeout: 30_000 });
    const code = ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '';
    const link = (await page.locator(`a[href*="user_code=${code}"]`).first().getAttribute('href')) ?? '';
    await confirmOnPhone(link, code);
    await page.getByText(BOARD_NAME).first().waitFor({ timeout: 40_000 });
    await page.locator('.board[data-live="true"]').waitFor({ timeout: 30_000 });
    const api = await adminApi();
    const listed = (await api('GET', `/devices?display_board_id=${PATIENT_BOARD}&revoked=false`)).body as {
      items: { id: number }[];
    };
    deviceId = listed.items.at(-1)?.id ?? 0;
    expect((await api('PATCH', `/devices/${deviceId}`, { name: 'Waiting room kiosk' })).status).toBe(200);
  }, 90_000);

  it("has no voice of its own, and tells the server it speaks with the fallback; the console's Screens list shows it", async () => {
    await expect.poll(async () => (await heard(page)).voices, { timeout: 10_000 }).toBe(0);
    const api = await adminApi();
    await expect
      .poll(
        async () => ((await api('GET', `/devices/${deviceId}`)).body as { speech: string | null }).speech,
        {
          timeout: 20_000,
        },
      )
      .toBe('fallback');

    const consoleContext = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const consolePage = await consoleContext.newPage();
    await signInToConsole(consolePage, server, '/console/screens');
    const row = consolePage.getByRole('row', { name: /Waiting room kiosk/ });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Offline voice').waitFor({ timeout: 10_000 });
    await screenshot(consolePage, 'console-screens-speech-fallback');
    await consoleContext.close();
  }, 90_000);

  it('speaks two quick calls through the fallback voice: tone, then audible words of a plausible length, captioned, in order, never overlapping', async () => {
    const before = await heard(page);
    expect(before.played).toEqual([]);
    const [first, second] = await visitsToCall(server, 2, 'newest');
    const [stationA, stationB] = (await stations(server)).slice(2, 4);
    if (!first || !second || !stationA || !stationB) throw new Error('no demo visits or stations');
    const firstText = await callThroughApi(server, first, stationA);
    const secondText = await callThroughApi(server, second, stationB);

    // The first words, caption on screen while they play.
    await expect.poll(async () => (await heard(page)).played.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'patient-board-fallback-voice-speaking');
    await expect
      .poll(async () => (await heard(page)).played.filter((p) => p.end !== null).length, { timeout: 40_000 })
      .toBe(2);
    const h = await heard(page);
    const [one, two] = h.played;
    if (!one || !two || one.end === null || two.end === null) throw new Error('two utterances expected');

    // Nothing went to the browser's own (voiceless) speech synthesis.
    expect(h.deviceSpoken).toEqual([]);
    // Words of a plausible length: "<name>, please proceed to <station>." at a calm pace.
    for (const utterance of [one, two]) {
      expect(utterance.seconds).toBeGreaterThan(1.2);
      expect(utterance.seconds).toBeLessThan(8);
    }
    // Audible sound reached the speakers while each played: most of its length.
    expect(loudSeconds(h, one.start, one.end)).toBeGreaterThan(one.seconds * 0.4);
    expect(loudSeconds(h, two.start, two.end)).toBeGreaterThan(two.seconds * 0.4);
    // In order, never overlapping, each with its caption on screen throughout.
    expect(two.start).toBeGreaterThanOrEqual(one.end);
    expect(one.captionAtStart).toBe(firstText);
    expect(new Set(one.captionsWhilePlaying)).toEqual(new Set([firstText]));
    expect(two.captionAtStart).toBe(secondText);
    expect(new Set(two.captionsWhilePlaying)).toEqual(new Set([secondText]));
    // The tone (two notes) before each announcement's words, the second after the first's words.
    expect(h.tones.length).toBe(4);
    expect(h.tones[1]).toBeLessThanOrEqual(one.start);
    expect(h.tones[2]).toBeGreaterThanOrEqual(one.end);
    expect(h.tones[3]).toBeLessThanOrEqual(two.start);
    process.stdout.write(
      `fallback voice: ${one.seconds.toFixed(2)} s and ${two.seconds.toFixed(2)} s of words; audible ${loudSeconds(h, one.start, one.end).toFixed(2)} s and ${loudSeconds(h, two.start, two.end).toFixed(2)} s\n`,
    );
    await screenshot(page, 'patient-board-fallback-voice-after');
  }, 90_000);
});
