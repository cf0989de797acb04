/**
 * The patient board's announcements, one at a time: a caption, then a tone
 * and the spoken words, each output a sink the caller injects (the browser's
 * Web Audio and speech synthesis on the board, fakes in tests). Pure of the
 * DOM and of React: only timers.
 *
 * Rules: announcements are never dropped and never overlap, and they play in
 * the order they were queued. A sink that fails or never finishes cannot jam
 * the queue: each step is bounded by a timeout.
 */

/** One call to say and show. */
export interface Announcement {
  readonly key: string;
  readonly text: string;
}

/** What may sound for an announcement, read when its turn comes (the board's config may change meanwhile). */
export interface AnnouncementSettings {
  readonly tone: boolean;
  readonly speech: boolean;
}

/** Plays the short chime; settles when it has finished. */
export interface TonePlayer {
  play(): Promise<void>;
}

/** Says a text; settles when it has been said (rejects when it could not be). */
export interface SpeechOutput {
  speak(text: string): Promise<void>;
  /** Stops what is being said (an utterance that overran its time). */
  cancel?(): void;
}

export interface AnnouncementQueueOptions {
  readonly tone: TonePlayer;
  readonly speech: SpeechOutput;
  readonly settings: () => AnnouncementSettings;
  /**
   * The announcement to show, or null between announcements. The queue goes on
   * when this returns: show the caption synchronously, so it is on screen
   * before the words start.
   */
  readonly onCaption: (announcement: Announcement | null) => void;
}

export interface AnnouncementQueue {
  enqueue(announcement: Announcement): void;
  /** Announcements waiting or playing. */
  size(): number;
  /** Stops: what waits is forgotten, speech cancelled, no caption reported any more (the owner clears its own). */
  dispose(): void;
}

/** A chime longer than this is treated as finished. */
export const TONE_TIMEOUT_MS = 3_000;
/** Silence between two announcements, so they read and sound as two. */
export const GAP_MS = 600;

/**
 * How long an utterance may take before it is abandoned: generous (about
 * twice a slow voice's pace), since cutting off a real announcement is worse
 * than waiting a little on a stuck one.
 */
export function speechTimeoutMs(text: string): number {
  return 4_000 + text.length * 120;
}

/**
 * The least time a caption stays up: time to read it from across the room,
 * also when nothing is spoken (announcements off, or sound blocked).
 */
export function captionMs(text: string): number {
  return 2_000 + text.length * 50;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a sink's work, settling when it settles or after `ms`, whichever first; answers whether it timed out. */
function bounded(work: () => Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(false);
    };
    let running: Promise<void>;
    try {
      running = work();
    } catch {
      running = Promise.resolve();
    }
    running.then(done, done);
  });
}

export function createAnnouncementQueue(options: AnnouncementQueueOptions): AnnouncementQueue {
  const waiting: Announcement[] = [];
  let playing = false;
  let disposed = false;

  async function announce(item: Announcement): Promise<void> {
    const settings = options.settings();
    options.onCaption(item);
    const readable = delay(captionMs(item.text));
    if (settings.tone) await bounded(() => options.tone.play(), TONE_TIMEOUT_MS);
    if (settings.speech && !disposed) {
      const timedOut = await bounded(() => options.speech.speak(item.text), speechTimeoutMs(item.text));
      if (timedOut) options.speech.cancel?.();
    }
    await readable;
    if (!disposed) options.onCaption(null);
  }

  async function drain(): Promise<void> {
    for (let next = waiting.shift(); next && !disposed; next = waiting.shift()) {
      await announce(next);
      if (waiting.length > 0 && !disposed) await delay(GAP_MS);
    }
    playing = false;
  }

  return {
    enqueue(announcement) {
      if (disposed) return;
      waiting.push(announcement);
      if (playing) return;
      playing = true;
      // Never a sink call inside the caller's stack (a React effect may be enqueueing): start on a microtask.
      queueMicrotask(() => void drain());
    },
    size: () => waiting.length + (playing ? 1 : 0),
    dispose() {
      disposed = true;
      waiting.length = 0;
      options.speech.cancel?.();
    },
  };
}
