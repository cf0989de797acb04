import type { AnnouncementVoice, CallRow, SpeechCapability } from '@careboard/contracts';
import type { SpeechPath } from '@careboard/speech';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  type Announcement,
  type AnnouncementQueue,
  type AnnouncementSettings,
  createAnnouncementQueue,
} from './announcement-queue.ts';
import { type AudioGate, createAudioGate, type SoundState } from './audio-gate.ts';
import { createSpeechOutput, createTonePlayer } from './browser-sinks.ts';
import { isRecentEnoughToAnnounce, newCalls } from './patient-rows.ts';
import { speechCapabilityOf } from './speech-capability.ts';

export interface AnnouncementOptions {
  readonly playTone: boolean;
  readonly playAnnouncement: boolean;
  /** The customer's locale: the voice speaks it. */
  readonly locale: string;
  /** The board's voice and speaking rate (SCR-13). */
  readonly voice: AnnouncementVoice;
  readonly rate: number;
}

export interface Announcing {
  /** The announcement on screen now, or null. */
  readonly caption: Announcement | null;
  readonly sound: SoundState;
  /** How the screen can speak, to report (SCR-14); null while unknown. */
  readonly speech: SpeechCapability | null;
}

/** How long after the screen opens the offline voice is fetched, when it will be needed (SCR-12). */
export const FALLBACK_PREFETCH_MS = 20_000;

/** Gestures that give the page user activation (Chrome): any of them unlocks audio. */
const ACTIVATION_EVENTS = ['pointerdown', 'keydown', 'click', 'touchend'] as const;

/**
 * Announces the calls that arrive after the board opened: each new call is
 * queued (tone, then speech, with its caption); the calls of the first
 * snapshot are only shown. Owns the audio gate and the queue for as long as
 * the screen is mounted, and unlocks sound on the first gesture.
 */
export function useAnnouncements(
  calls: readonly CallRow[],
  loaded: boolean,
  options: AnnouncementOptions,
): Announcing {
  const [caption, setCaption] = useState<Announcement | null>(null);
  const [sound, setSound] = useState<SoundState>('checking');
  const [speech, setSpeech] = useState<SpeechCapability | null>(null);
  const settingsRef = useRef(options);
  settingsRef.current = options;
  const gateRef = useRef<AudioGate | null>(null);
  const queueRef = useRef<AnnouncementQueue | null>(null);
  const seenRef = useRef<ReadonlySet<string> | null>(null);
  const { locale } = options;

  useEffect(() => {
    const gate = createAudioGate();
    let last: SpeechPath | 'failed' | null = null;
    const output = createSpeechOutput(
      gate,
      () => ({ locale, voice: settingsRef.current.voice, rate: settingsRef.current.rate }),
      (outcome) => {
        last = outcome;
        followSpeech();
      },
    );
    const followSpeech = () =>
      setSpeech(speechCapabilityOf(gate.state(), last, output.speaker.pathFor(locale)));
    const queue = createAnnouncementQueue({
      tone: createTonePlayer(gate),
      speech: output,
      settings: () => soundSettings(settingsRef.current, gate),
      // On screen before the words start (the queue speaks right after): a caption is never late.
      onCaption: (announcement) => flushSync(() => setCaption(announcement)),
    });
    gateRef.current = gate;
    queueRef.current = queue;
    const followGate = () => {
      setSound(gate.state());
      followSpeech();
    };
    const unsubscribe = gate.subscribe(followGate);
    followGate();
    // Some browsers list their voices a moment after the page opens.
    const synth = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
    synth?.addEventListener?.('voiceschanged', followSpeech);
    // A screen without a voice fetches the offline one ahead of the calls, once it has settled
    // (its 18 MB must not compete with the board's own start); a call before then fetches it.
    const prefetch = setTimeout(() => {
      if (!settingsRef.current.playAnnouncement) return;
      output.speaker.prepare(locale).catch(() => {
        last = 'failed';
        followSpeech();
      });
    }, FALLBACK_PREFETCH_MS);
    const unlock = () => gate.unlock();
    for (const type of ACTIVATION_EVENTS) window.addEventListener(type, unlock, { capture: true });
    return () => {
      for (const type of ACTIVATION_EVENTS) window.removeEventListener(type, unlock, { capture: true });
      clearTimeout(prefetch);
      unsubscribe();
      synth?.removeEventListener?.('voiceschanged', followSpeech);
      queue.dispose();
      gate.dispose();
      setCaption(null);
      gateRef.current = null;
      queueRef.current = null;
    };
  }, [locale]);

  useEffect(() => {
    if (!loaded) return;
    const seen = seenRef.current;
    const { fresh, seen: next } = newCalls(calls, seen ?? new Set());
    seenRef.current = next;
    // The first rows are what was called before the board opened: shown, not announced.
    if (seen === null) return;
    const now = Date.now();
    for (const call of fresh) {
      if (isRecentEnoughToAnnounce(call, now))
        queueRef.current?.enqueue({ key: call.key, text: call.announcement });
    }
  }, [calls, loaded]);

  return { caption, sound, speech };
}

/** Nothing sounds while the browser blocks audio; the caption shows all the same. */
function soundSettings(options: AnnouncementOptions, gate: AudioGate): AnnouncementSettings {
  const audible = gate.state() !== 'blocked';
  return { tone: options.playTone && audible, speech: options.playAnnouncement && audible };
}
