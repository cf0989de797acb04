import type { Speaker } from '@careboard/speech';
import { describe, expect, it, vi } from 'vitest';
import { speak } from './speak.ts';

const SETTINGS = { locale: 'es-US', voice: 'male', rate: 0.85 } as const;

function fakeSpeaker(result: Promise<'voice' | 'fallback'>): Speaker {
  return {
    speak: vi.fn(() => result),
    cancel: vi.fn(),
    pathFor: () => 'fallback',
    prepare: async () => undefined,
  };
}

describe('the test announcement', () => {
  it("says the text with the board's voice and rate, as a screen would, and tells which voice spoke", async () => {
    const speaker = fakeSpeaker(Promise.resolve('fallback'));
    await expect(speak('Ana, pase a la Sala 4.', SETTINGS, speaker)).resolves.toBe('fallback');
    expect(speaker.cancel).toHaveBeenCalledOnce();
    expect(speaker.speak).toHaveBeenCalledWith('Ana, pase a la Sala 4.', SETTINGS);
  });

  it('answers failed when no voice could say it', async () => {
    const speaker = fakeSpeaker(Promise.reject(new Error('audio is not running')));
    await expect(speak('Anna', SETTINGS, speaker)).resolves.toBe('failed');
  });
});
