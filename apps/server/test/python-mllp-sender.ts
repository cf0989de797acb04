import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childProcessEnv } from './child-env.ts';

const VT = 0x0b;
const FF = 0x0c;
const CR = 0x0d;
const LF = 0x0a;
const FS = 0x1c;
/** Debian's Python: the python3 earlier on PATH may be a build without Debian's modules. */
const DEBIAN_PYTHON = '/usr/bin/python3';
const MLLP_SEND = '/usr/bin/mllp_send';

/**
 * Sends messages to 127.0.0.1:`port` with Debian's `mllp_send` (python3-hl7 0.4.5), an MLLP client
 * written apart from ours and from @medplum/hl7's, all on one connection, one after another, and
 * returns the ACK each one got: the frame's content as the server wrote it (segments ended by CR),
 * read as UTF-8.
 *
 * What mllp_send does (hl7/client.py), and what this helper does about it:
 * - It reads the file as bytes and sends each message's bytes as they are: no decoding or
 *   encoding, so a Latin-1 message arrives as its Latin-1 bytes, and LF stays LF.
 * - It cuts the file at every FS (0x1C), or at FF (0x0C) in a 4 KiB read that holds one, and strips
 *   VT and CR from both ends of each piece. So a message's final CR is never sent, and a message
 *   holding FS or FF would be cut. Such messages are refused here, before anything is sent:
 *   mllp_send cannot send them unchanged.
 * - One piece is one frame, whatever it holds: a batch (FHS, BHS, several MSH) goes as one frame.
 * - For each message it makes one read of up to 4096 bytes and prints that raw, with "\n". An ACK
 *   that arrives in two reads puts it out of step with its messages (and it still exits 0), so its
 *   printout must be exactly one whole frame per message, or this rejects.
 * - It has no timeout (it waits for an answer forever) and cannot read stdin under Python 3 (it
 *   mixes text and bytes), so the messages go in a file and the time limit is ours: the child is
 *   killed by its pid when `timeoutMs` passes. `--loose` is not used: it deletes every VT, FS and
 *   FF byte, turns LF into CR and cuts at each `MSH|^~\&|`, which splits a batch.
 */
export async function sendWithMllpSend(
  port: number,
  messages: readonly Buffer[],
  options: { timeoutMs?: number } = {},
): Promise<string[]> {
  messages.forEach(refuseWhatMllpSendChanges);
  const dir = await mkdtemp(path.join(tmpdir(), 'careboard-mllp-send-'));
  const file = path.join(dir, 'messages.hl7');
  try {
    await writeFile(file, Buffer.concat(messages.flatMap((m) => [Buffer.of(VT), m, Buffer.of(FS, CR)])));
    const printed = await runMllpSend(port, file, options.timeoutMs ?? 10_000);
    const acks = framesPrinted(printed.stdout);
    if (acks?.length !== messages.length) {
      throw new Error(
        `mllp_send printed ${acks ? acks.length : 'something other than'} whole ACK frame(s) for ` +
          `${messages.length} message(s): ${JSON.stringify(printed.stdout.toString('latin1'))}; ` +
          `stderr: ${printed.stderr}`,
      );
    }
    return acks.map((ack) => ack.toString('utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function refuseWhatMllpSendChanges(message: Buffer, index: number): void {
  const problem =
    message.includes(FS) || message.includes(FF)
      ? 'holds an FS (0x1C) or FF (0x0C) byte, where mllp_send cuts its input into messages'
      : [message[0], message.at(-1)].some((byte) => byte === VT || byte === CR)
        ? 'begins or ends with CR or VT, which mllp_send strips (drop its last CR first if the test can)'
        : undefined;
  if (problem) throw new Error(`sendWithMllpSend: message ${index} ${problem}; it would not arrive as given`);
}

interface Printed {
  readonly stdout: Buffer;
  readonly stderr: string;
}

function runMllpSend(port: number, file: string, timeoutMs: number): Promise<Printed> {
  return new Promise((resolve, reject) => {
    const args = [MLLP_SEND, '--port', String(port), '--file', file, '127.0.0.1'];
    const child = spawn(DEBIAN_PYTHON, args, { env: childProcessEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
      reject(new Error(`mllp_send gave no end within ${timeoutMs} ms (killed); stderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`mllp_send could not start (Debian package python3-hl7): ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(stdout), stderr });
      else reject(new Error(`mllp_send exited with ${code ?? signal}; stderr: ${stderr}`));
    });
  });
}

/** The ACKs in mllp_send's printout when it is `VT ack FS CR LF` once per message and nothing else. */
function framesPrinted(out: Buffer): Buffer[] | undefined {
  const frames: Buffer[] = [];
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(FS, at);
    if (out[at] !== VT || end < 0 || out[end + 1] !== CR || out[end + 2] !== LF) return undefined;
    frames.push(out.subarray(at + 1, end));
    at = end + 3;
  }
  return frames;
}
