import { z } from 'zod/mini';

/**
 * How a patient board's calls are spoken (decisions SCR-12..SCR-14):
 * - `voice`: a voice of the device's own speech synthesis, in the customer's locale;
 * - `fallback`: the device has none (a Linux kiosk's Chromium), so the offline eSpeak NG
 *   voice that ships with the board speaks;
 * - `blocked`: nothing can be heard (the browser blocks audio until a gesture, or both
 *   voices failed).
 * The board reports it to the server; the console's Screens list shows it.
 */
export const SPEECH_CAPABILITIES = ['voice', 'fallback', 'blocked'] as const;
export type SpeechCapability = (typeof SPEECH_CAPABILITIES)[number];
export const speechCapabilitySchema = z.enum(SPEECH_CAPABILITIES);

/** The voice a board speaks with: the device's or the fallback's, of this kind where there is a choice. */
export const ANNOUNCEMENT_VOICES = ['female', 'male'] as const;
export type AnnouncementVoice = (typeof ANNOUNCEMENT_VOICES)[number];
export const announcementVoiceSchema = z.enum(ANNOUNCEMENT_VOICES);
export const DEFAULT_ANNOUNCEMENT_VOICE: AnnouncementVoice = 'female';

/**
 * Speaking rate, 1 being a voice's normal pace: a waiting room is read to calmly, a little
 * slower than normal, by default.
 */
export const ANNOUNCEMENT_RATE_MIN = 0.5;
export const ANNOUNCEMENT_RATE_MAX = 1.5;
export const DEFAULT_ANNOUNCEMENT_RATE = 0.85;
export const announcementRateSchema = z
  .number()
  .check(z.minimum(ANNOUNCEMENT_RATE_MIN), z.maximum(ANNOUNCEMENT_RATE_MAX));

/** Tells the server how this screen can speak (in-band on the live connection, like `authenticate`). */
export const reportSpeechMutation = /* GraphQL */ `
  mutation ReportSpeech($speech: String!) {
    reportSpeech(speech: $speech)
  }
`;
