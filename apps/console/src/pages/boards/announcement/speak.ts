import { createSpeaker, type Speaker, type SpeechSettings } from '@careboard/speech';

/** How a test announcement went: the browser's own voice spoke, the offline voice did, or nothing could. */
export type SpeakOutcome = 'voice' | 'fallback' | 'failed';

let audio: AudioContext | null = null;
let shared: Speaker | null = null;

/** The console's audio context, made on the first test (a click, so the browser lets it play). */
function consoleAudio(): AudioContext | null {
  if (!audio && typeof AudioContext !== 'undefined') audio = new AudioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => undefined);
  return audio;
}

function consoleSpeaker(): Speaker {
  shared ??= createSpeaker({ audioContext: () => audio });
  return shared;
}

/**
 * Says `text` as a patient board with these settings would (decisions CON-43, SCR-12): the
 * browser's voice for the locale when it has one, otherwise the same offline voice a screen
 * without voices uses, so staff hear what the screen will say. Call it from the click.
 */
export async function speak(
  text: string,
  settings: SpeechSettings,
  speaker: Speaker = consoleSpeaker(),
): Promise<SpeakOutcome> {
  consoleAudio();
  speaker.cancel();
  try {
    return await speaker.speak(text, settings);
  } catch {
    return 'failed';
  }
}
