import type { SpeechCapability } from '@careboard/contracts';
import { useEffect } from 'react';
import { useAppState } from '../state/app-store-context.ts';
import { useLiveClient } from './live-context.ts';
import { reportSpeech } from './report-speech.ts';

/** Reports how the screen can speak each time that changes, and again on every (re)connection (SCR-14). */
export function useSpeechReport(speech: SpeechCapability | null): void {
  const client = useLiveClient();
  const connected = useAppState((state) => state.connection.status === 'connected');
  useEffect(() => {
    if (!client || !connected || speech === null) return;
    void reportSpeech(client, speech);
  }, [client, connected, speech]);
}
