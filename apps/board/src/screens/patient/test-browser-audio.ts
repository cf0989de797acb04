import { vi } from 'vitest';

/** An utterance as the board hands it to speech synthesis, with when it played and what the caption said. */
export interface SpokenUtterance {
  readonly text: string;
  readonly lang: string;
  readonly start: number;
  end: number | null;
  /** The caption on screen (DOM) when the words started. */
  readonly captionAtStart: string | null;
}

export interface FakeAudioOptions {
  /** Whether the browser lets the page make sound before a gesture (Chrome's autoplay policy). */
  readonly allowedBeforeGesture: boolean;
  /** How long each utterance takes. */
  readonly speakMs?: number;
}

function captionInDom(): string | null {
  return document.querySelector('[data-testid="announcement-caption"]')?.textContent || null;
}

/**
 * Test helper: the browser's audio outputs replaced by recorders, the rest of
 * the board (queue, gate, sinks) as shipped. The AudioContext stays
 * 'suspended' until a gesture when sound is not allowed, as Chrome's does;
 * speech then fails with 'not-allowed'. Call `restore()` after each test.
 */
export function installFakeAudio({ allowedBeforeGesture, speakMs = 800 }: FakeAudioOptions) {
  const events: string[] = [];
  const spoken: SpokenUtterance[] = [];
  let activated = false;
  const allowed = () => allowedBeforeGesture || activated;
  const markActivated = () => {
    activated = true;
  };
  // Registered before the screen's listeners, as the browser grants activation before handlers run.
  for (const type of ['pointerdown', 'keydown', 'click']) window.addEventListener(type, markActivated, true);

  const param = () => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
    linearRampToValueAtTime: vi.fn(),
  });

  class FakeAudioContext extends EventTarget {
    state: AudioContextState = allowed() ? 'running' : 'suspended';
    currentTime = 0;
    destination = {};
    resume(): Promise<void> {
      if (!allowed()) return new Promise(() => {}); // Chrome keeps a blocked resume pending.
      if (this.state !== 'running') {
        this.state = 'running';
        this.dispatchEvent(new Event('statechange'));
      }
      return Promise.resolve();
    }
    close(): Promise<void> {
      this.state = 'closed';
      return Promise.resolve();
    }
    createOscillator() {
      return {
        type: 'sine',
        frequency: param(),
        connect: vi.fn(),
        start: vi.fn(() => events.push('tone-note')),
        stop: vi.fn(),
      };
    }
    createGain() {
      return { gain: param(), connect: vi.fn() };
    }
  }

  class FakeUtterance {
    readonly text: string;
    lang = '';
    onstart: (() => void) | null = null;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }

  const speechSynthesis = {
    speak: vi.fn((utterance: FakeUtterance) => {
      if (!allowed()) {
        setTimeout(() => utterance.onerror?.({ error: 'not-allowed' }), 0);
        return;
      }
      const record: SpokenUtterance = {
        text: utterance.text,
        lang: utterance.lang,
        start: Date.now(),
        end: null,
        captionAtStart: captionInDom(),
      };
      spoken.push(record);
      events.push(`speak:${utterance.text}`);
      utterance.onstart?.();
      setTimeout(() => {
        record.end = Date.now();
        events.push(`end:${utterance.text}`);
        utterance.onend?.();
      }, speakMs);
    }),
    cancel: vi.fn(),
    // The device has a voice for the board's locales: the offline fallback is not needed here.
    getVoices: () => [
      { lang: 'en-US', name: 'Fake English', default: true, localService: true, voiceURI: 'en' },
      { lang: 'es-US', name: 'Fake Spanish', default: false, localService: true, voiceURI: 'es' },
    ],
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };

  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('speechSynthesis', speechSynthesis);

  return {
    events,
    spoken,
    speechSynthesis,
    /** Tone notes and utterances, in the order they began. */
    sounds: () => events.filter((e) => e === 'tone-note' || e.startsWith('speak:')),
    restore() {
      for (const type of ['pointerdown', 'keydown', 'click'])
        window.removeEventListener(type, markActivated, true);
      vi.unstubAllGlobals();
    },
  };
}
