import type { SpeechSamples } from './wav.ts';

export interface Playing {
  /** Settles when the last sample has played (or playing was stopped). */
  readonly done: Promise<void>;
  stop(): void;
}

/** Plays speech through an audio context's speakers, as one buffer. */
export function playSamples(context: AudioContext, speech: SpeechSamples): Playing {
  const buffer = context.createBuffer(1, Math.max(1, speech.samples.length), speech.sampleRate);
  buffer.copyToChannel(speech.samples as Float32Array<ArrayBuffer>, 0);
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(context.destination);
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    // Wall time too: a context suspended midway must not hold the caller for ever.
    const timer = setTimeout(resolve, buffer.duration * 1000 + 1_000);
    finish = () => {
      clearTimeout(timer);
      resolve();
    };
    source.addEventListener('ended', finish);
  });
  source.start();
  return {
    done,
    stop() {
      try {
        source.stop();
      } catch {
        // Never started or already stopped.
      }
      source.disconnect();
      finish();
    },
  };
}
