import { describe, expect, it } from 'vitest';
import { speechCapabilityOf } from './speech-capability.ts';

describe('speechCapabilityOf', () => {
  it('is unknown while the board still checks whether it may make sound', () => {
    expect(speechCapabilityOf('checking', null, 'voice')).toBeNull();
  });

  it('is blocked while the browser blocks sound, or after an utterance that no voice could say', () => {
    expect(speechCapabilityOf('blocked', null, 'voice')).toBe('blocked');
    expect(speechCapabilityOf('allowed', 'failed', 'fallback')).toBe('blocked');
  });

  it("is the path the next utterance takes before any, then the last one's", () => {
    expect(speechCapabilityOf('allowed', null, 'fallback')).toBe('fallback');
    expect(speechCapabilityOf('allowed', null, 'voice')).toBe('voice');
    expect(speechCapabilityOf('allowed', 'fallback', 'fallback')).toBe('fallback');
  });
});
