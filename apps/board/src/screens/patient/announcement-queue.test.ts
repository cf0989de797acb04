import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Announcement,
  type AnnouncementSettings,
  captionMs,
  createAnnouncementQueue,
  GAP_MS,
  type SpeechOutput,
  speechTimeoutMs,
  TONE_TIMEOUT_MS,
} from './announcement-queue.ts';

const SPEAK_MS = 800;
const TONE_MS = 300;

interface Spoken {
  readonly text: string;
  readonly start: number;
  end: number | null;
  /** The caption on screen when the words started. */
  readonly caption: string | null;
  /** The caption on screen when the words ended. */
  captionAtEnd: string | null;
}

/** The queue as shipped, with recording sinks: a tone that takes TONE_MS, a voice that takes SPEAK_MS. */
function setup(initial: AnnouncementSettings = { tone: true, speech: true }, speech?: SpeechOutput) {
  let settings = initial;
  let caption: string | null = null;
  const events: string[] = [];
  const spoken: Spoken[] = [];
  const captions: (string | null)[] = [];
  const tone = {
    play: vi.fn(() => {
      events.push('tone');
      return new Promise<void>((resolve) => setTimeout(resolve, TONE_MS));
    }),
  };
  const voice: SpeechOutput = speech ?? {
    speak: vi.fn((text: string) => {
      events.push(`speak:${text}`);
      const record: Spoken = { text, start: Date.now(), end: null, caption, captionAtEnd: null };
      spoken.push(record);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          record.end = Date.now();
          record.captionAtEnd = caption;
          events.push(`end:${text}`);
          resolve();
        }, SPEAK_MS),
      );
    }),
    cancel: vi.fn(),
  };
  const queue = createAnnouncementQueue({
    tone,
    speech: voice,
    settings: () => settings,
    onCaption: (announcement: Announcement | null) => {
      caption = announcement?.text ?? null;
      captions.push(caption);
      events.push(`caption:${caption ?? '-'}`);
    },
  });
  return {
    queue,
    tone,
    voice,
    events,
    spoken,
    captions,
    caption: () => caption,
    setSettings(next: AnnouncementSettings) {
      settings = next;
    },
  };
}

const call = (n: number): Announcement => ({
  key: `call:${n}`,
  text: `Patient ${n}, please proceed to Exam ${n}.`,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('announcement queue', () => {
  it('announces in the order queued, one at a time, never overlapping', async () => {
    const t = setup();
    for (const n of [1, 2, 3]) t.queue.enqueue(call(n));
    await vi.runAllTimersAsync();
    expect(t.spoken.map((s) => s.text)).toEqual([call(1).text, call(2).text, call(3).text]);
    for (let i = 1; i < t.spoken.length; i += 1) {
      expect(t.spoken[i]?.start).toBeGreaterThanOrEqual(t.spoken[i - 1]?.end ?? Number.POSITIVE_INFINITY);
    }
    expect(t.queue.size()).toBe(0);
  });

  it('drops none of the calls that arrive while one is being spoken', async () => {
    const t = setup();
    t.queue.enqueue(call(1));
    await vi.advanceTimersByTimeAsync(TONE_MS + 100);
    expect(t.spoken).toHaveLength(1);
    expect(t.spoken[0]?.end).toBeNull();
    t.queue.enqueue(call(2));
    t.queue.enqueue(call(3));
    expect(t.queue.size()).toBe(3);
    await vi.runAllTimersAsync();
    expect(t.spoken.map((s) => s.text)).toEqual([call(1).text, call(2).text, call(3).text]);
  });

  it('shows each announcement as a caption for as long as it is spoken, and clears it between them', async () => {
    const t = setup();
    t.queue.enqueue(call(1));
    t.queue.enqueue(call(2));
    await vi.runAllTimersAsync();
    for (const s of t.spoken) {
      expect(s.caption).toBe(s.text);
      expect(s.captionAtEnd).toBe(s.text);
    }
    expect(t.captions).toEqual([call(1).text, null, call(2).text, null]);
  });

  it('keeps a caption up long enough to read, with a pause before the next', async () => {
    const t = setup({ tone: false, speech: true });
    t.queue.enqueue(call(1));
    t.queue.enqueue(call(2));
    await vi.advanceTimersByTimeAsync(captionMs(call(1).text) - 1);
    expect(t.caption()).toBe(call(1).text);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.caption()).toBeNull();
    await vi.advanceTimersByTimeAsync(GAP_MS);
    expect(t.caption()).toBe(call(2).text);
  });

  it('plays the tone before the words when the tone is on', async () => {
    const t = setup({ tone: true, speech: true });
    t.queue.enqueue(call(1));
    t.queue.enqueue(call(2));
    await vi.runAllTimersAsync();
    expect(t.events.filter((e) => !e.startsWith('caption'))).toEqual([
      'tone',
      `speak:${call(1).text}`,
      `end:${call(1).text}`,
      'tone',
      `speak:${call(2).text}`,
      `end:${call(2).text}`,
    ]);
  });

  it('plays no tone when the tone is off', async () => {
    const t = setup({ tone: false, speech: true });
    t.queue.enqueue(call(1));
    await vi.runAllTimersAsync();
    expect(t.tone.play).not.toHaveBeenCalled();
    expect(t.spoken).toHaveLength(1);
  });

  it('speaks nothing when announcements are off, but still shows each caption in turn (starting on a microtask)', async () => {
    const t = setup({ tone: false, speech: false });
    t.queue.enqueue(call(1));
    t.queue.enqueue(call(2));
    expect(t.caption()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.caption()).toBe(call(1).text);
    await vi.runAllTimersAsync();
    expect(t.voice.speak).not.toHaveBeenCalled();
    expect(t.captions).toEqual([call(1).text, null, call(2).text, null]);
  });

  it('reads the settings when each announcement’s turn comes', async () => {
    const t = setup({ tone: false, speech: true });
    t.queue.enqueue(call(1));
    t.queue.enqueue(call(2));
    await vi.advanceTimersByTimeAsync(0);
    t.setSettings({ tone: false, speech: false });
    await vi.runAllTimersAsync();
    // The first had started with speech on; the second's turn came after speech was turned off.
    expect(t.spoken.map((s) => s.text)).toEqual([call(1).text]);
    expect(t.captions).toContain(call(2).text);
  });

  it('moves on from an utterance that never ends, after a time based on its length, and cancels it', async () => {
    const stuck = { speak: vi.fn(() => new Promise<void>(() => {})), cancel: vi.fn() };
    const t = setup({ tone: false, speech: true }, stuck);
    t.queue.enqueue(call(1));
    t.queue.enqueue(call(2));
    await vi.advanceTimersByTimeAsync(speechTimeoutMs(call(1).text) - 1);
    expect(stuck.speak).toHaveBeenCalledTimes(1);
    expect(t.caption()).toBe(call(1).text);
    await vi.advanceTimersByTimeAsync(1 + GAP_MS);
    expect(stuck.cancel).toHaveBeenCalledTimes(1);
    expect(stuck.speak).toHaveBeenCalledTimes(2);
    expect(stuck.speak).toHaveBeenLastCalledWith(call(2).text);
  });

  it('moves on from an utterance that fails, or a voice that throws', async () => {
    let n = 0;
    const failing = {
      speak: vi.fn(() => {
        n += 1;
        if (n === 1) return Promise.reject(new Error('synthesis-failed'));
        throw new Error('no voice');
      }),
    };
    const t = setup({ tone: false, speech: true }, failing);
    for (const i of [1, 2, 3]) t.queue.enqueue(call(i));
    await vi.runAllTimersAsync();
    expect(failing.speak).toHaveBeenCalledTimes(3);
    expect(t.captions.filter((c) => c !== null)).toEqual([call(1).text, call(2).text, call(3).text]);
  });

  it('moves on from a tone that never finishes', async () => {
    const t = setup({ tone: true, speech: true });
    t.tone.play.mockImplementation(() => new Promise<void>(() => {}));
    t.queue.enqueue(call(1));
    await vi.advanceTimersByTimeAsync(TONE_TIMEOUT_MS);
    expect(t.spoken).toHaveLength(1);
  });

  it('forgets what waits, cancels speech and reports no more captions when disposed', async () => {
    const t = setup();
    t.queue.enqueue(call(1));
    t.queue.enqueue(call(2));
    await vi.advanceTimersByTimeAsync(0);
    t.queue.dispose();
    t.queue.enqueue(call(3));
    await vi.runAllTimersAsync();
    expect(t.spoken).toHaveLength(0);
    expect(t.captions).toEqual([call(1).text]);
    expect(t.voice.cancel).toHaveBeenCalled();
  });
});
