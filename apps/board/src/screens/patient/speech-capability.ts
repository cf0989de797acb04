import type { SpeechCapability } from '@careboard/contracts';
import type { SpeechPath } from '@careboard/speech';
import type { SoundState } from './audio-gate.ts';

/**
 * What the screen reports of its speech (SCR-14): unknown while the gate still checks
 * autoplay; `blocked` while sound is blocked or after an utterance no voice could say;
 * otherwise the path the last utterance took, or, before any, the path the next one will.
 */
export function speechCapabilityOf(
  sound: SoundState,
  last: SpeechPath | 'failed' | null,
  next: SpeechPath,
): SpeechCapability | null {
  if (sound === 'checking') return null;
  if (sound === 'blocked' || last === 'failed') return 'blocked';
  return last ?? next;
}
