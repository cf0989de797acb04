import { describe, expect, it } from 'vitest';
import { espeakVoiceFor, espeakWordsPerMinute } from './espeak-voice.ts';

describe('eSpeak NG voices for the customer locales', () => {
  it('speaks en-US as US English and es-US as Latin American Spanish, in the chosen kind of voice', () => {
    expect(espeakVoiceFor('en-US', 'female')).toBe('en-us+f3');
    expect(espeakVoiceFor('es-US', 'female')).toBe('es-419+f3');
    expect(espeakVoiceFor('es-US', 'male')).toBe('es-419+m3');
    expect(espeakVoiceFor('fr-CA', 'male')).toBe('en-us+m3');
  });

  it('turns a rate (1 = normal pace) into words a minute', () => {
    expect(espeakWordsPerMinute(1)).toBe(175);
    expect(espeakWordsPerMinute(0.85)).toBe(149);
  });
});
