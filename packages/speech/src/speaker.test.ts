import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FallbackSynth } from './fallback/espeak-synth.ts';
import { createSpeaker } from './speaker.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SETTINGS = { locale: 'en-US', voice: 'female', rate: 0.85 } as const;

class FakeUtterance {
  lang = '';
  rate = 1;
  voice: unknown = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A device's speech synthesis with these voices, each utterance ending (or failing with `error`). */
function fakeSynth(voices: { lang: string; name: string }[], error?: string) {
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  const said: FakeUtterance[] = [];
  const synth = {
    getVoices: () => voices,
    speak: vi.fn((utterance: FakeUtterance) => {
      said.push(utterance);
      setTimeout(() => (error ? utterance.onerror?.({ error }) : utterance.onend?.()), 5);
    }),
    cancel: vi.fn(),
  };
  return { synth: synth as unknown as SpeechSynthesis, said };
}

/** An audio context whose buffer sources end at once, recording what was played. */
function fakeContext() {
  const played: number[] = [];
  const context = {
    state: 'running',
    destination: {},
    createBuffer: (_channels: number, length: number, sampleRate: number) => ({
      duration: length / sampleRate,
      copyToChannel: vi.fn(),
    }),
    createBufferSource() {
      const source = new EventTarget() as EventTarget & Record<string, unknown>;
      Object.assign(source, {
        buffer: null,
        connect: vi.fn(),
        disconnect: vi.fn(),
        stop: vi.fn(),
        start: () => {
          played.push((source.buffer as { duration: number }).duration);
          setTimeout(() => source.dispatchEvent(new Event('ended')), 5);
        },
      });
      return source;
    },
  };
  return { context: context as unknown as AudioContext, played };
}

function fakeFallback() {
  const requests: unknown[] = [];
  const synth: FallbackSynth = {
    synthesize: async (request) => {
      requests.push(request);
      return { samples: new Float32Array(22_050), sampleRate: 22_050 };
    },
  };
  return { load: vi.fn(async () => synth), requests };
}

describe('createSpeaker', () => {
  it("speaks with the device's voice for the locale when it has one", async () => {
    const { synth, said } = fakeSynth([{ lang: 'en-US', name: 'English (America)' }]);
    const fallback = fakeFallback();
    const outcomes: string[] = [];
    const speaker = createSpeaker({
      synth,
      audioContext: () => fakeContext().context,
      loadFallback: fallback.load,
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    expect(speaker.pathFor('en-US')).toBe('voice');
    await expect(speaker.speak('Anna, please proceed to Room 4.', SETTINGS)).resolves.toBe('voice');
    expect(said[0]?.lang).toBe('en-US');
    expect(said[0]?.rate).toBe(0.85);
    expect(fallback.load).not.toHaveBeenCalled();
    expect(outcomes).toEqual(['voice']);
  });

  it('uses the offline voice when the device has none for the locale (es-US on an English-only device)', async () => {
    const { synth, said } = fakeSynth([{ lang: 'en-US', name: 'English' }]);
    const fallback = fakeFallback();
    const audio = fakeContext();
    const speaker = createSpeaker({ synth, audioContext: () => audio.context, loadFallback: fallback.load });
    expect(speaker.pathFor('es-US')).toBe('fallback');
    await expect(speaker.speak('Ana, pase a la Sala 4.', { ...SETTINGS, locale: 'es-US' })).resolves.toBe(
      'fallback',
    );
    expect(said).toEqual([]);
    expect(fallback.requests).toEqual([
      { text: 'Ana, pase a la Sala 4.', locale: 'es-US', voice: 'female', rate: 0.85 },
    ]);
    expect(audio.played).toEqual([1]);
  });

  it("falls back for good once the device's voice fails with synthesis-failed (Chromium on Linux)", async () => {
    const { synth, said } = fakeSynth([{ lang: 'en-US', name: 'English' }], 'synthesis-failed');
    const fallback = fakeFallback();
    const audio = fakeContext();
    const speaker = createSpeaker({ synth, audioContext: () => audio.context, loadFallback: fallback.load });
    await expect(speaker.speak('one', SETTINGS)).resolves.toBe('fallback');
    expect(speaker.pathFor('en-US')).toBe('fallback');
    await expect(speaker.speak('two', SETTINGS)).resolves.toBe('fallback');
    expect(said.map((u) => u.text)).toEqual(['one']);
    expect(audio.played).toHaveLength(2);
  });

  it("reports a device that refuses to speak before a gesture ('not-allowed') as blocked, without falling back", async () => {
    const { synth } = fakeSynth([{ lang: 'en-US', name: 'English' }], 'not-allowed');
    const fallback = fakeFallback();
    const onBlocked = vi.fn();
    const outcomes: string[] = [];
    const speaker = createSpeaker({
      synth,
      audioContext: () => fakeContext().context,
      loadFallback: fallback.load,
      onBlocked,
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    await expect(speaker.speak('one', SETTINGS)).rejects.toThrow('not-allowed');
    expect(onBlocked).toHaveBeenCalledOnce();
    expect(fallback.load).not.toHaveBeenCalled();
    expect(outcomes).toEqual(['failed']);
  });

  it('fails, rather than playing late, when the audio context is not running', async () => {
    const fallback = fakeFallback();
    const suspended = { state: 'suspended' } as unknown as AudioContext;
    const speaker = createSpeaker({
      synth: null,
      audioContext: () => suspended,
      loadFallback: fallback.load,
    });
    await expect(speaker.speak('one', SETTINGS)).rejects.toThrow('audio is not running');
  });
});
