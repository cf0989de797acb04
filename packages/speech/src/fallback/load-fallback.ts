import type { FallbackSynth } from './espeak-synth.ts';

let loading: Promise<FallbackSynth> | null = null;

/**
 * The offline voice, fetched the first time it is needed: a dynamic import, so neither the
 * board's first load nor its patient route carries it (decision SCR-12). A failed load is
 * tried again next time.
 */
export function loadFallbackSynth(): Promise<FallbackSynth> {
  loading ??= import('./espeak-synth.ts')
    .then((module) => module.createEspeakSynth())
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
