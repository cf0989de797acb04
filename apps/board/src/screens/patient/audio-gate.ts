/**
 * Whether the board may make sound. Browsers block audio until the page has
 * had a user gesture (Chrome's autoplay policy): an AudioContext then stays
 * 'suspended' and speech synthesis fails with 'not-allowed'. A board shows
 * captions either way; this tells it to show 'Sound blocked', and a click or
 * key press anywhere (the activation click) resumes the context.
 */
export type SoundState = 'checking' | 'allowed' | 'blocked';

export interface AudioGate {
  state(): SoundState;
  subscribe(listener: () => void): () => void;
  /** The context the tone plays through, or null where Web Audio is missing. */
  context(): AudioContext | null;
  /** Called from a user gesture: resumes the audio context. */
  unlock(): void;
  /** Speech was refused ('not-allowed'): sound is blocked until a gesture. */
  markSpeechBlocked(): void;
  dispose(): void;
}

/**
 * A new context is 'suspended' until the browser starts it, which takes a
 * moment even when sound is allowed: only one still suspended after this is
 * taken as blocked (no 'Sound blocked' flash on every start).
 */
export const AUTOPLAY_CHECK_MS = 1_500;

type AudioContextConstructor = new () => AudioContext;

function audioContextConstructor(): AudioContextConstructor | undefined {
  const scope = globalThis as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

function createContext(): AudioContext | null {
  const Context = audioContextConstructor();
  if (!Context) return null;
  try {
    return new Context();
  } catch {
    // Too many contexts, or audio unavailable: speech may still work.
    return null;
  }
}

export function createAudioGate(): AudioGate {
  const listeners = new Set<() => void>();
  const context = createContext();
  let checked = false;
  let speechBlocked = false;
  let current: SoundState = 'checking';

  const compute = (): SoundState => {
    if (speechBlocked) return 'blocked';
    if (!context) return 'allowed';
    if (context.state === 'running') return 'allowed';
    return checked ? 'blocked' : 'checking';
  };
  const update = () => {
    const next = compute();
    if (next === current) return;
    current = next;
    for (const listener of [...listeners]) listener();
  };
  const tryResume = () => {
    // A blocked resume stays pending until a gesture; nothing to wait for here.
    context?.resume().then(update, update);
  };

  context?.addEventListener('statechange', update);
  tryResume();
  const timer = setTimeout(() => {
    checked = true;
    update();
  }, AUTOPLAY_CHECK_MS);
  current = compute();

  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    context: () => context,
    unlock() {
      speechBlocked = false;
      tryResume();
      update();
    },
    markSpeechBlocked() {
      speechBlocked = true;
      update();
    },
    dispose() {
      clearTimeout(timer);
      listeners.clear();
      context?.removeEventListener('statechange', update);
      void context?.close().catch(() => undefined);
    },
  };
}
