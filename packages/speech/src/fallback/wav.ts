/** Speech as samples: mono, -1..1, at `sampleRate`. */
export interface SpeechSamples {
  readonly samples: Float32Array;
  readonly sampleRate: number;
}

function tag(view: DataView, at: number): string {
  return String.fromCharCode(
    view.getUint8(at),
    view.getUint8(at + 1),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
  );
}

/** Reads a 16-bit PCM WAV file (what eSpeak NG's `-w` writes) into mono float samples. */
export function decodeWav(bytes: Uint8Array): SpeechSamples {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || tag(view, 0) !== 'RIFF' || tag(view, 8) !== 'WAVE')
    throw new Error('not a WAV file');
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  for (let at = 12; at + 8 <= bytes.byteLength; ) {
    const id = tag(view, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (bits !== 16 || sampleRate === 0) throw new Error('not 16-bit PCM');
      const end = Math.min(body + size, bytes.byteLength);
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * 2 * channels, true) / 32768;
      return { samples, sampleRate };
    }
    at = body + size + (size % 2);
  }
  throw new Error('no data in the WAV file');
}
