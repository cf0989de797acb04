import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createEspeakSynth } from './espeak-synth.ts';
import type { SpeechSamples } from './wav.ts';

/** On Node the compiled program is read from the package instead of fetched. */
const wasmFile = createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm');
const synth = createEspeakSynth(async () => WebAssembly.compile(await readFile(wasmFile)));

const seconds = (speech: SpeechSamples) => speech.samples.length / speech.sampleRate;
function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

describe('the offline voice (eSpeak NG, WebAssembly)', () => {
  it('speaks en-US: audible audio of a plausible length for the words', async () => {
    const speech = await synth.synthesize({
      text: 'Anna, please proceed to Room 4.',
      locale: 'en-US',
      voice: 'female',
      rate: 0.85,
    });
    expect(speech.sampleRate).toBe(22_050);
    // Six words at a calm pace: about two seconds, never a blip nor a minute.
    expect(seconds(speech)).toBeGreaterThan(1.2);
    expect(seconds(speech)).toBeLessThan(6);
    expect(rms(speech.samples)).toBeGreaterThan(0.02);
  }, 30_000);

  it('speaks es-US (Latin American Spanish): audible audio of a plausible length', async () => {
    const speech = await synth.synthesize({
      text: 'Ana, por favor pase a la Sala 4.',
      locale: 'es-US',
      voice: 'female',
      rate: 0.85,
    });
    expect(seconds(speech)).toBeGreaterThan(1.2);
    expect(seconds(speech)).toBeLessThan(6);
    expect(rms(speech.samples)).toBeGreaterThan(0.02);
  }, 30_000);

  it('speaks slower at a lower rate, and the male voice differs from the female one', async () => {
    const text = 'Anna, please proceed to Room 4.';
    const calm = await synth.synthesize({ text, locale: 'en-US', voice: 'female', rate: 0.7 });
    const brisk = await synth.synthesize({ text, locale: 'en-US', voice: 'female', rate: 1.3 });
    const male = await synth.synthesize({ text, locale: 'en-US', voice: 'male', rate: 0.7 });
    expect(seconds(calm)).toBeGreaterThan(seconds(brisk) * 1.4);
    expect(male.samples).not.toEqual(calm.samples);
  }, 30_000);
});
