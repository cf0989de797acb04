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
 * The browser's speech synthesis in the customer's locale. The utterance is
 * kept referenced until it ends: Chrome may otherwise collect it and never
 * fire its end event.
 */
export function createSpeechOutput(gate: AudioGate, locale: string): SpeechOutput {
  let speaking: SpeechSynthesisUtterance | null = null;
  return {
    speak(text) {
      const synth = globalThis.speechSynthesis as SpeechSynthesis | undefined;
      if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
        return Promise.reject(new Error('speech synthesis is not available'));
      }
      return new Promise<void>((resolve, reject) => {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = locale;
        speaking = utterance;
        utterance.onend = () => {
          speaking = null;
          resolve();
        };
        utterance.onerror = (event) => {
          speaking = null;
          if (event.error === 'not-allowed') gate.markSpeechBlocked();
          reject(new Error(`speech failed: ${event.error}`));
        };
        synth.speak(utterance);
      });
    },
    cancel() {
      if (speaking) globalThis.speechSynthesis?.cancel();
      speaking = null;
    },
  };
}
