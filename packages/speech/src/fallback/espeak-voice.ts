import type { AnnouncementVoice } from '@careboard/contracts';

/** eSpeak NG's words a minute at rate 1 (its own default). */
export const ESPEAK_NORMAL_WPM = 175;

/**
 * The eSpeak NG voice for a locale and a kind of voice: US English for `en-*`, Latin
 * American Spanish (`es-419`, what es-US speaks) for `es-*`, US English otherwise; the
 * female or male variant (`+f3`, `+m3`).
 */
export function espeakVoiceFor(locale: string, voice: AnnouncementVoice): string {
  const language = locale.toLowerCase().split('-')[0];
  const base = language === 'es' ? 'es-419' : 'en-us';
  return `${base}+${voice === 'male' ? 'm3' : 'f3'}`;
}

/** eSpeak NG's `-s` (words a minute) for a rate where 1 is a voice's normal pace. */
export function espeakWordsPerMinute(rate: number): number {
  return Math.round(ESPEAK_NORMAL_WPM * rate);
}
