export { createSpeaker, type Speaker, type SpeechPath, type SpeechSettings } from './speaker.ts';
