/// <reference path="./espeak-ng.d.ts" />
/**
 * The offline voice: eSpeak NG compiled to WebAssembly (the `espeak-ng` package, GPL-3.0;
 * decision SCR-12). This module is only ever imported dynamically (load-fallback.ts), so the
 * bundler makes it, and the 18 MB WebAssembly file it names, a chunk of its own that only a
 * screen without a voice fetches. The WebAssembly is compiled once; each utterance runs the
 * espeak-ng program in a fresh instance (its `main` keeps state), writing a WAV file to the
 * instance's memory file system.
 */
import type { AnnouncementVoice } from '@careboard/contracts';
import ESpeakNG from 'espeak-ng';
import wasmUrl from 'espeak-ng/dist/espeak-ng.wasm?url';
import { espeakVoiceFor, espeakWordsPerMinute } from './espeak-voice.ts';
import { decodeWav, type SpeechSamples } from './wav.ts';

export interface SynthesisRequest {
  readonly text: string;
  readonly locale: string;
  readonly voice: AnnouncementVoice;
  readonly rate: number;
}

export interface FallbackSynth {
  synthesize(request: SynthesisRequest): Promise<SpeechSamples>;
  /** Fetches and compiles the WebAssembly ahead of the first utterance. */
  warm?(): Promise<void>;
}

/** Where the compiled program comes from: the emitted asset, or (tests on Node) a file read. */
export type LoadWasm = () => Promise<WebAssembly.Module>;

const fetchWasm: LoadWasm = async () => {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`the offline voice could not be loaded (HTTP ${response.status})`);
  return WebAssembly.compile(await response.arrayBuffer());
};

/** No more than this is said at once (an announcement is a sentence or two). */
const MAX_CHARACTERS = 1_000;

export function createEspeakSynth(loadWasm: LoadWasm = fetchWasm): FallbackSynth {
  let compiled: Promise<WebAssembly.Module> | null = null;
  const program = () => {
    compiled ??= loadWasm().catch((error: unknown) => {
      compiled = null;
      throw error;
    });
    return compiled;
  };
  return {
    async warm() {
      await program();
    },
    async synthesize({ text, locale, voice, rate }) {
      const wasm = await program();
      const words = text.replace(/\s+/g, ' ').trim().slice(0, MAX_CHARACTERS);
      const errors: string[] = [];
      const instance = await ESpeakNG({
        arguments: [
          '-v',
          espeakVoiceFor(locale, voice),
          '-s',
          String(espeakWordsPerMinute(rate)),
          '-w',
          '/out.wav',
          '-f',
          '/in.txt',
        ],
        preRun: [(module) => module.FS.writeFile('/in.txt', words)],
        print: () => undefined,
        printErr: (line) => errors.push(line),
        instantiateWasm(imports, receive) {
          void WebAssembly.instantiate(wasm, imports).then((made) => receive(made, wasm));
          return {};
        },
      });
      let wav: Uint8Array;
      try {
        wav = instance.FS.readFile('/out.wav');
      } catch {
        throw new Error(`the offline voice said nothing${errors.length ? `: ${errors.join(' ')}` : ''}`);
      }
      return decodeWav(wav);
    },
  };
}
