import type { AnnouncementVoice } from '@careboard/contracts';
import { deviceVoiceFor } from './device/device-voice.ts';
import type { FallbackSynth } from './fallback/espeak-synth.ts';
import { loadFallbackSynth } from './fallback/load-fallback.ts';
import { type Playing, playSamples } from './fallback/play-samples.ts';

/** How an utterance is spoken: by a voice of the device, or by the offline fallback voice. */
export type SpeechPath = 'voice' | 'fallback';

export interface SpeechSettings {
  /** The customer's locale (en-US, es-US). */
  readonly locale: string;
  readonly voice: AnnouncementVoice;
  /** 1 is a voice's normal pace. */
  readonly rate: number;
}

export interface SpeakerOptions {
  /** The audio context the fallback voice plays through (the board's, which the tone uses too). */
  readonly audioContext: () => AudioContext | null;
  /** The device's speech synthesis; defaults to the browser's. */
  readonly synth?: SpeechSynthesis | null | undefined;
  /** The offline voice; defaults to the lazily loaded eSpeak NG chunk. */
  readonly loadFallback?: () => Promise<FallbackSynth>;
  /** The device refused to speak ('not-allowed': no user gesture yet). */
  readonly onBlocked?: () => void;
  /** How each utterance went: the path that spoke it, or `failed` when none could. */
  readonly onOutcome?: (outcome: SpeechPath | 'failed') => void;
}

export interface Speaker {
  /** Says `text`; settles when it has been said with the path that said it, rejects when it could not be. */
  speak(text: string, settings: SpeechSettings): Promise<SpeechPath>;
  /** Stops what is being said. */
  cancel(): void;
  /** The path the next utterance in `locale` takes. */
  pathFor(locale: string): SpeechPath;
  /** Fetches the fallback voice ahead of the first call when it will be needed. */
  prepare(locale: string): Promise<void>;
}

/** Errors after which the device's voice is given up for the offline one (the voice is there but cannot speak). */
const DEVICE_FAILURES = new Set([
  'synthesis-failed',
  'synthesis-unavailable',
  'language-unavailable',
  'voice-unavailable',
  'audio-hardware',
]);

class DeviceSpeechError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`speech failed: ${code}`);
    this.code = code;
  }
}

function browserSynth(): SpeechSynthesis | null {
  const synth = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  return synth && typeof SpeechSynthesisUtterance !== 'undefined' ? synth : null;
}

/**
 * Speech for announcements, the same on the board and in the console's test (decision SCR-12):
 * the device's own voice for the locale when it has one; otherwise, or once it has failed with
 * `synthesis-failed` (Chromium on Linux without a speech service), the offline eSpeak NG voice,
 * played through the given audio context. One utterance at a time is the caller's rule (the
 * board's queue); a new one here cancels what is playing.
 */
export function createSpeaker(options: SpeakerOptions): Speaker {
  const synth = options.synth === undefined ? browserSynth() : options.synth;
  const loadFallback = options.loadFallback ?? loadFallbackSynth;
  /** Locales whose device voice failed: the fallback speaks them from then on. */
  const deviceFailed = new Set<string>();
  let utterance: SpeechSynthesisUtterance | null = null;
  let playing: Playing | null = null;
  let generation = 0;

  function pathFor(locale: string): SpeechPath {
    if (!synth || deviceFailed.has(locale)) return 'fallback';
    return deviceVoiceFor(synth.getVoices(), locale, 'female') ? 'voice' : 'fallback';
  }

  const deviceVoice = (settings: SpeechSettings) =>
    synth && !deviceFailed.has(settings.locale)
      ? deviceVoiceFor(synth.getVoices(), settings.locale, settings.voice)
      : null;

  function speakWithDevice(
    text: string,
    settings: SpeechSettings,
    voice: SpeechSynthesisVoice,
  ): Promise<void> {
    const device = synth as SpeechSynthesis;
    return new Promise<void>((resolve, reject) => {
      const said = new SpeechSynthesisUtterance(text);
      said.lang = settings.locale;
      try {
        said.voice = voice;
      } catch {
        // Not one of the browser's own voice objects: the language alone chooses.
      }
      said.rate = settings.rate;
      // Kept referenced until it ends: Chrome may otherwise collect it and never fire its end event.
      utterance = said;
      said.onend = () => {
        utterance = null;
        resolve();
      };
      said.onerror = (event) => {
        utterance = null;
        reject(new DeviceSpeechError(event.error));
      };
      device.speak(said);
    });
  }

  async function speakWithFallback(text: string, settings: SpeechSettings, mine: number): Promise<void> {
    const fallback = await loadFallback();
    const speech = await fallback.synthesize({ text, ...settings });
    const context = options.audioContext();
    if (context?.state !== 'running') throw new Error('audio is not running');
    if (mine !== generation) return; // cancelled while the words were being made
    const started = playSamples(context as AudioContext, speech);
    playing = started;
    await started.done;
    if (playing === started) playing = null;
  }

  return {
    async speak(text, settings) {
      const mine = ++generation;
      try {
        const voice = deviceVoice(settings);
        if (voice) {
          try {
            await speakWithDevice(text, settings, voice);
            options.onOutcome?.('voice');
            return 'voice';
          } catch (error) {
            const code = error instanceof DeviceSpeechError ? error.code : '';
            if (code === 'not-allowed') options.onBlocked?.();
            if (!DEVICE_FAILURES.has(code)) throw error;
            deviceFailed.add(settings.locale);
          }
        }
        await speakWithFallback(text, settings, mine);
        options.onOutcome?.('fallback');
        return 'fallback';
      } catch (error) {
        options.onOutcome?.('failed');
        throw error;
      }
    },
    cancel() {
      generation++;
      if (utterance) synth?.cancel();
      utterance = null;
      playing?.stop();
      playing = null;
    },
    pathFor,
    async prepare(locale) {
      if (pathFor(locale) === 'fallback') await (await loadFallback()).warm?.();
    },
  };
}
