import { createSpeaker, type Speaker, type SpeechPath, type SpeechSettings } from '@careboard/speech';
import type { SpeechOutput, TonePlayer } from './announcement-queue.ts';
import type { AudioGate } from './audio-gate.ts';

/** The chime: two notes falling a major third ("ding-dong"), each with a soft attack and a bell-like fade. */
const CHIME_NOTES = [
  { frequency: 659.25, at: 0, length: 0.45 },
  { frequency: 523.25, at: 0.35, length: 0.7 },
] as const;
const CHIME_SEC = 1.05;
const CHIME_VOLUME = 0.3;

/** The two-note chime through the gate's AudioContext (Web Audio oscillators: no sound file to ship). */
export function createTonePlayer(gate: AudioGate): TonePlayer {
  return {
    play() {
      const context = gate.context();
      // Notes scheduled on a suspended context would sound late, whenever it resumes: skip them.
      if (context?.state !== 'running') return Promise.resolve();
      const start = context.currentTime + 0.02;
      for (const note of CHIME_NOTES) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(note.frequency, start + note.at);
        gain.gain.setValueAtTime(0.0001, start + note.at);
        gain.gain.exponentialRampToValueAtTime(CHIME_VOLUME, start + note.at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
        oscillator.connect(gain);
        gain.connect(context.destination);
        oscillator.start(start + note.at);
        oscillator.stop(start + note.at + note.length + 0.05);
      }
      // Wall time, not the oscillators' ended events: a context suspended midway must not hold the queue.
      return new Promise((resolve) => setTimeout(resolve, CHIME_SEC * 1000));
    },
  };
}

/**
 * The spoken words: the device's voice for the customer's locale, or, where it has none or
 * it fails with `synthesis-failed` (Chromium on a Linux kiosk), the offline eSpeak NG voice
 * played through the gate's audio context (decision SCR-12). Settings are read per utterance:
 * the board's voice and rate may change meanwhile.
 */
export function createSpeechOutput(
  gate: AudioGate,
  settings: () => SpeechSettings,
  onOutcome?: (outcome: SpeechPath | 'failed') => void,
): SpeechOutput & { readonly speaker: Speaker } {
  const speaker = createSpeaker({
    audioContext: () => gate.context(),
    onBlocked: () => gate.markSpeechBlocked(),
    ...(onOutcome ? { onOutcome } : {}),
  });
  return {
    speaker,
    async speak(text) {
      await speaker.speak(text, settings());
    },
    cancel: () => speaker.cancel(),
  };
}
