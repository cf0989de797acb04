import { describe, expect, it } from 'vitest';
import { decodeWav } from './wav.ts';

function wav(samples: number[], sampleRate = 22_050): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const put = (at: number, text: string) => {
    for (let i = 0; i < 4; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  put(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  put(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (const [i, sample] of samples.entries()) view.setInt16(44 + i * 2, sample, true);
  return bytes;
}

describe('decodeWav', () => {
  it('reads 16-bit mono PCM as samples between -1 and 1 at its rate', () => {
    const speech = decodeWav(wav([0, 16_384, -32_768]));
    expect(speech.sampleRate).toBe(22_050);
    expect([...speech.samples]).toEqual([0, 0.5, -1]);
  });

  it('refuses what is not a WAV file', () => {
    expect(() => decodeWav(new TextEncoder().encode('not a wav file at all'))).toThrow('not a WAV file');
  });
});
