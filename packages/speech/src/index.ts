export { deviceVoiceFor } from './device/device-voice.ts';
export type { FallbackSynth, SynthesisRequest } from './fallback/espeak-synth.ts';
export { ESPEAK_NORMAL_WPM, espeakVoiceFor, espeakWordsPerMinute } from './fallback/espeak-voice.ts';
export { loadFallbackSynth } from './fallback/load-fallback.ts';
export { type Playing, playSamples } from './fallback/play-samples.ts';
export { decodeWav, type SpeechSamples } from './fallback/wav.ts';
export {
  createSpeaker,
  type Speaker,
  type SpeakerOptions,
  type SpeechPath,
  type SpeechSettings,
} from './speaker.ts';
