/** What became of a test announcement: spoken, spoken with no voice to hear, or no speech at all. */
export type SpeakOutcome = 'spoken' | 'no-voice' | 'no-speech';

/**
 * Says `text` in `locale` with the browser's speech synthesis, as the patient board does
 * (decision CON-43). A browser without voices still gets the utterance (some load voices
 * lazily), but the caller says so visibly: a silent test must not pass for a working one.
 */
export function speak(
  text: string,
  locale: string,
  synth: SpeechSynthesis | undefined = globalThis.speechSynthesis,
): SpeakOutcome {
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return 'no-speech';
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = locale;
  const voices = synth.getVoices();
  const voice =
    voices.find((v) => v.lang === locale) ??
    voices.find((v) => v.lang.startsWith(locale.split('-')[0] ?? ''));
  if (voice) utterance.voice = voice;
  synth.cancel();
  synth.speak(utterance);
  return voices.length > 0 ? 'spoken' : 'no-voice';
}
