import type { AnnouncementVoice } from '@careboard/contracts';

const FEMALE = /female|woman|zira|samantha|susan|karen|paulina|monica|sabina|helena|laura/i;
const MALE = /\bmale\b|\bman\b|david|mark|alex|daniel|jorge|diego|juan|pablo/i;

/**
 * The device's voice for a locale, or null: one of exactly that language and region first,
 * then one of the language (es-MX for es-US). Among those, one whose name says it is of the
 * kind asked for, if any name does (browsers do not say a voice's kind otherwise).
 */
export function deviceVoiceFor(
  voices: readonly SpeechSynthesisVoice[],
  locale: string,
  kind: AnnouncementVoice,
): SpeechSynthesisVoice | null {
  const wanted = locale.toLowerCase().replace('_', '-');
  const language = wanted.split('-')[0] ?? wanted;
  const normal = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replace('_', '-');
  const exact = voices.filter((voice) => normal(voice) === wanted);
  const candidates =
    exact.length > 0 ? exact : voices.filter((voice) => normal(voice).split('-')[0] === language);
  if (candidates.length === 0) return null;
  const pattern = kind === 'male' ? MALE : FEMALE;
  const other = kind === 'male' ? FEMALE : MALE;
  return (
    candidates.find((voice) => pattern.test(voice.name) && !(kind === 'male' && other.test(voice.name))) ??
    candidates.find((voice) => !other.test(voice.name)) ??
    candidates[0] ??
    null
  );
}
