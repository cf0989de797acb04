import type { PatientBoardRow } from '@careboard/contracts';
import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBoardScreen, testFrame } from '../../board/content/test-board-screen.tsx';
import { esUS } from '../../i18n/es-US.ts';
import { AUTOPLAY_CHECK_MS } from './audio-gate.ts';
import { PatientScreen } from './PatientScreen.tsx';
import { IDLE_AFTER_MS } from './patient-rows.ts';
import { installFakeAudio } from './test-browser-audio.ts';
import { testCall, testMessage, testOrganization } from './test-patient-rows.ts';

const NOW = new Date('2026-11-23T15:00:00Z').getTime();
const MINUTE = 60_000;
const patientConfig = {
  id: 3,
  display_board_type_id: 3,
  name: 'Clinic Calling Board',
  page_rotation_sec: 10,
  play_tone: true,
  play_announcement: true,
} as const;

type Options = NonNullable<Parameters<typeof renderBoardScreen>[1]>;
let audio: ReturnType<typeof installFakeAudio>;

function renderPatient(rows: readonly PatientBoardRow[], options: Options = {}) {
  const view = renderBoardScreen<PatientBoardRow>(<PatientScreen />, {
    ...options,
    config: { ...patientConfig, ...options.config },
  });
  view.snapshot(rows);
  return {
    ...view,
    /** New rows arriving in a later frame, as the live subscription delivers them. */
    async arrive(...upserts: PatientBoardRow[]) {
      view.apply(testFrame('changes', upserts));
      await advance(0);
    },
    caption: () => view.getByTestId('announcement-caption').textContent ?? '',
  };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** jsdom has no layout: the recent-calls list gets `listPx` of height, each row `rowPx`. */
function layoutRecentCalls(listPx: number, rowPx: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('patient-recent-probe')) return rowPx;
    return this.classList.contains('patient-recent-list') ? listPx : 0;
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  audio = installFakeAudio({ allowedBeforeGesture: true });
  layoutRecentCalls(600, 50);
});
afterEach(() => {
  audio.restore();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('patient board calls', () => {
  it('shows the newest call large and the earlier ones, newest first', () => {
    const view = renderPatient([
      testCall(1, 'Anna', 'Exam 1', NOW, 3 * MINUTE),
      testCall(3, 'Clara', 'Triage', NOW, 1 * MINUTE),
      testCall(2, 'Ben', 'Exam 2', NOW, 2 * MINUTE),
    ]);
    expect(view.getByText('Now calling')).toBeTruthy();
    expect(view.getByTestId('now-calling-name').textContent).toBe('Clara');
    expect(view.getByTestId('now-calling-station').textContent).toBe('Triage');
    const recent = view.getAllByTestId('recent-call').map((item) => item.textContent);
    expect(recent).toEqual([expect.stringMatching(/^BenExam 2/), expect.stringMatching(/^AnnaExam 1/)]);
  });

  it('does not announce the calls already there when the board opens', async () => {
    const view = renderPatient([
      testCall(1, 'Anna', 'Exam 1', NOW, MINUTE),
      testCall(2, 'Ben', 'Exam 2', NOW),
    ]);
    await advance(20_000);
    expect(audio.speechSynthesis.speak).not.toHaveBeenCalled();
    expect(audio.events).toEqual([]);
    expect(view.caption()).toBe('');
  });

  it('announces a new call: the tone, then the words in the customer’s locale, captioned while they play', async () => {
    const view = renderPatient([testCall(1, 'Anna', 'Exam 1', NOW, MINUTE)], {
      locale: 'es-US',
      messages: esUS,
    });
    await view.arrive(testCall(2, 'Ben', 'Exam 2', NOW));
    expect(view.caption()).toBe('Ben, please proceed to Exam 2.');
    expect(view.getByTestId('now-calling-name').textContent).toBe('Ben');
    await advance(1_500);
    expect(audio.sounds()).toEqual(['tone-note', 'tone-note', 'speak:Ben, please proceed to Exam 2.']);
    expect(audio.spoken[0]).toMatchObject({
      lang: 'es-US',
      captionAtStart: 'Ben, please proceed to Exam 2.',
    });
    await advance(10_000);
    expect(audio.spoken[0]?.end).not.toBeNull();
    expect(view.caption()).toBe('');
  });

  it('announces calls that arrive together and while one is speaking: all, in call order, never overlapping, each captioned', async () => {
    const view = renderPatient([]);
    // Two calls in one frame, listed newest first, then a third while the first is being said.
    await view.arrive(testCall(3, 'Clara', 'Triage', NOW), testCall(2, 'Ben', 'Exam 2', NOW - 1_000));
    await advance(1_500);
    expect(audio.spoken).toHaveLength(1);
    await view.arrive(testCall(4, 'David', 'Lab Window', NOW + 1_500));
    await advance(30_000);
    expect(audio.spoken.map((s) => s.text)).toEqual([
      'Ben, please proceed to Exam 2.',
      'Clara, please proceed to Triage.',
      'David, please proceed to Lab Window.',
    ]);
    for (const [i, s] of audio.spoken.entries()) {
      expect(s.captionAtStart).toBe(s.text);
      const before = audio.spoken[i - 1];
      if (before) expect(s.start).toBeGreaterThanOrEqual(before.end ?? Number.POSITIVE_INFINITY);
    }
    expect(view.caption()).toBe('');
  });

  it('speaks nothing and plays no tone when both are off, but still shows the caption', async () => {
    const view = renderPatient([], { config: { play_tone: false, play_announcement: false } });
    await view.arrive(testCall(1, 'Anna', 'Exam 1', NOW));
    expect(view.caption()).toBe('Anna, please proceed to Exam 1.');
    await advance(2_000);
    expect(view.caption()).toBe('Anna, please proceed to Exam 1.');
    await advance(10_000);
    expect(audio.speechSynthesis.speak).not.toHaveBeenCalled();
    expect(audio.events).toEqual([]);
    expect(view.caption()).toBe('');
  });

  it('speaks without a tone when only the tone is off', async () => {
    const view = renderPatient([], { config: { play_tone: false } });
    await view.arrive(testCall(1, 'Anna', 'Exam 1', NOW));
    await advance(10_000);
    expect(audio.sounds()).toEqual(['speak:Anna, please proceed to Exam 1.']);
  });

  it('shows but does not announce a call first seen long after it was made (catching up after an outage)', async () => {
    const view = renderPatient([]);
    await view.arrive(testCall(1, 'Anna', 'Exam 1', NOW, 15 * MINUTE), testCall(2, 'Ben', 'Exam 2', NOW));
    await advance(20_000);
    expect(audio.spoken.map((s) => s.text)).toEqual(['Ben, please proceed to Exam 2.']);
  });

  it('does not announce a call again when a reconnect brings a fresh snapshot of the same calls', async () => {
    const view = renderPatient([testCall(1, 'Anna', 'Exam 1', NOW)]);
    view.disconnect();
    view.snapshot([testCall(1, 'Anna', 'Exam 1', NOW)]);
    await advance(20_000);
    expect(audio.speechSynthesis.speak).not.toHaveBeenCalled();
  });

  it('pages the earlier calls when they do not fit', async () => {
    layoutRecentCalls(160, 50);
    const calls = [1, 2, 3, 4, 5, 6].map((n) => testCall(n, `P${n}`, `Exam ${n}`, NOW, (10 - n) * 1_000));
    const view = renderPatient(calls);
    expect(view.getAllByTestId('recent-call').map((item) => item.firstChild?.textContent)).toEqual([
      'P5',
      'P4',
      'P3',
    ]);
    expect(view.getByTestId('page-indicator').textContent).toBe('Page 1 of 2');
    await advance(10_000);
    expect(view.getAllByTestId('recent-call').map((item) => item.firstChild?.textContent)).toEqual([
      'P2',
      'P1',
    ]);
  });
});

describe('patient board sound blocked by the browser', () => {
  beforeEach(() => {
    audio.restore();
    audio = installFakeAudio({ allowedBeforeGesture: false });
  });

  it("shows 'Sound blocked', captions calls without sound, and unlocks sound on a click", async () => {
    const view = renderPatient([]);
    expect(view.queryByTestId('sound-blocked')).toBeNull();
    await advance(AUTOPLAY_CHECK_MS);
    expect(view.getByTestId('sound-blocked').textContent).toContain('Sound blocked');

    await view.arrive(testCall(1, 'Anna', 'Exam 1', NOW + AUTOPLAY_CHECK_MS));
    expect(view.caption()).toBe('Anna, please proceed to Exam 1.');
    await advance(10_000);
    expect(audio.events).toEqual([]);

    fireEvent.click(view.container);
    await advance(0);
    expect(view.queryByTestId('sound-blocked')).toBeNull();
    await view.arrive(testCall(2, 'Ben', 'Exam 2', Date.now()));
    await advance(10_000);
    expect(audio.sounds()).toEqual(['tone-note', 'tone-note', 'speak:Ben, please proceed to Exam 2.']);
  });

  it('unlocks sound on a key press', async () => {
    const view = renderPatient([]);
    await advance(AUTOPLAY_CHECK_MS);
    expect(view.queryByTestId('sound-blocked')).not.toBeNull();
    fireEvent.keyDown(window, { key: 'Enter' });
    await advance(0);
    expect(view.queryByTestId('sound-blocked')).toBeNull();
  });
});

describe('patient board speech refused', () => {
  it("shows 'Sound blocked' when speech fails with 'not-allowed', and keeps the caption up", async () => {
    audio.restore();
    audio = installFakeAudio({ allowedBeforeGesture: false });
    // A context that runs although speech is refused: the refusal alone must mark sound blocked.
    vi.stubGlobal('AudioContext', undefined);
    const view = renderPatient([], { config: { play_tone: false } });
    await view.arrive(testCall(1, 'Anna', 'Exam 1', NOW));
    await advance(100);
    expect(view.getByTestId('sound-blocked')).toBeTruthy();
    expect(view.caption()).toBe('Anna, please proceed to Exam 1.');
  });
});

describe('patient board messages', () => {
  it('runs active messages as a banner, one at a time, and hides each when it expires', async () => {
    const view = renderPatient([
      testCall(1, 'Anna', 'Exam 1', NOW),
      testMessage(1, 'Welcome to Riverside Medical Center.', null),
      testMessage(2, 'The café closes at 7 pm.', NOW + 5_000),
    ]);
    const banner = () => view.queryByTestId('message-banner')?.textContent ?? '';
    expect(banner()).toContain('Notice');
    expect(banner()).toContain('Welcome to Riverside Medical Center.');
    await advance(10_000);
    // The second message expired at +5 s: the banner stays on the first.
    expect(banner()).toContain('Welcome to Riverside Medical Center.');
    view.apply(testFrame('changes', [], ['message:1']));
    expect(view.queryByTestId('message-banner')).toBeNull();
  });

  it('shows a message until its expiry, then no banner', async () => {
    const view = renderPatient([testMessage(2, 'The café closes at 7 pm.', NOW + 5_000)]);
    expect(view.getByTestId('message-banner').textContent).toContain('The café closes at 7 pm.');
    await advance(4_000);
    expect(view.queryByTestId('message-banner')).not.toBeNull();
    await advance(2_000);
    expect(view.queryByTestId('message-banner')).toBeNull();
  });

  it('does not show a message that has already expired', () => {
    const view = renderPatient([testMessage(3, 'Old news', NOW - 1)]);
    expect(view.queryByTestId('message-banner')).toBeNull();
  });
});

describe('patient board idle view', () => {
  it('shows the clock, the organization and a welcome when there are no calls', () => {
    const view = renderPatient([testOrganization]);
    const idle = view.getByTestId('idle-view');
    expect(idle.textContent).toContain('Riverside Medical Center');
    expect(idle.textContent).toContain('Welcome');
    expect(idle.querySelector('.board-clock-time')?.textContent).toMatch(/\d{1,2}:\d{2}/);
    expect(view.queryByText('Now calling')).toBeNull();
  });

  it('names the site when the server sends no organization', () => {
    const view = renderPatient([], {
      config: {
        department: { id: 1, name: 'Clinic', site: { id: 1, name: 'North Campus', default_timezone: 'UTC' } },
      },
    });
    expect(view.getByTestId('idle-view').textContent).toContain('North Campus');
  });

  it('goes idle once the newest call is older than the idle time, and leaves idle on a new call', async () => {
    const view = renderPatient([testOrganization, testCall(1, 'Anna', 'Exam 1', NOW, IDLE_AFTER_MS - 2_000)]);
    expect(view.queryByTestId('idle-view')).toBeNull();
    await advance(3_000);
    expect(view.getByTestId('idle-view')).toBeTruthy();
    await view.arrive(testCall(2, 'Ben', 'Exam 2', Date.now()));
    expect(view.queryByTestId('idle-view')).toBeNull();
    expect(view.getByTestId('now-calling-name').textContent).toBe('Ben');
  });
});
