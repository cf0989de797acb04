import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { rssBytes } from './proc.ts';

/** Lets a child be asked for a full GC (so RSS is read without garbage in it). */
export const INSPECT_FLAG = '--inspect=127.0.0.1:0';

const LISTENING = /Debugger listening on (ws:\/\/\S+)/;
/** What Node's inspector writes to stderr; none of it is the child's own output. */
export const isInspectorNoise = (line: string) =>
  /^(Debugger (listening|ending) on|For help, see|Debugger attached|Waiting for the debugger)/.test(line);

/** The child's inspector address, from what it writes to stderr. */
export function inspectorUrl(stderr: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += String(chunk);
      const url = LISTENING.exec(text)?.[1];
      if (!url) return;
      stderr.off('data', onData);
      resolve(url);
    };
    stderr.on('data', onData);
    stderr.once('end', () => reject(new Error('The child exited without an inspector.')));
  });
}

/** A connection to the child's inspector, once it is open. */
async function openInspector(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
}

/** Asks the child's V8 for a full garbage collection over the inspector protocol. */
async function collectGarbage(url: string): Promise<void> {
  const socket = await openInspector(url);
  const done = new Promise((resolve) => socket.on('message', resolve));
  socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  await done;
  socket.close();
}

/** Evaluates `expression` in the child's main context and answers its value. */
async function evaluate(socket: WebSocket, id: number, expression: string): Promise<unknown> {
  const answered = new Promise<unknown>((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: { result?: { value?: unknown } } };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message.result?.result?.value);
    };
    socket.on('message', onMessage);
  });
  socket.send(
    JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }),
  );
  return answered;
}

/**
 * Waits (at most `limitMs`) for the child's first young-generation collection after a full one,
 * seen as its used heap falling by a quarter of what it had grown. A full collection asked for over
 * the inspector is one that reduces memory: it gives the young generation's pages back, and the next
 * scavenge takes them again, page by page, so it is slower than the scavenges that follow. Answers
 * how long it waited.
 */
export async function afterFirstScavenge(url: string, limitMs: number): Promise<number> {
  const socket = await openInspector(url);
  const started = Date.now();
  const heapUsed = async (id: number) => Number(await evaluate(socket, id, 'process.memoryUsage().heapUsed'));
  try {
    const floor = await heapUsed(1);
    let highest = floor;
    for (let id = 2; Date.now() - started < limitMs; id++) {
      await sleep(100);
      const used = await heapUsed(id);
      highest = Math.max(highest, used);
      if (highest - floor > 4 * 2 ** 20 && used < highest - (highest - floor) / 4) break;
    }
  } finally {
    socket.close();
  }
  return Date.now() - started;
}

/** RSS after a full GC: what the process holds, not what it has yet to collect. */
export async function settledRss(pid: number, inspector: string): Promise<number> {
  await collectGarbage(inspector);
  await sleep(200);
  return rssBytes(pid);
}

/** Writes the child's heap snapshot (for Chrome's Memory tab, or `node bench/fanout/heap-summary.ts`) to `file`. */
export async function writeHeapSnapshot(url: string, file: string): Promise<void> {
  const socket = await openInspector(url);
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        id?: number;
        method?: string;
        params?: { chunk: string };
      };
      if (message.method === 'HeapProfiler.addHeapSnapshotChunk' && message.params)
        out.write(message.params.chunk);
      if (message.id === 1) resolve();
    });
  });
  socket.send(
    JSON.stringify({ id: 1, method: 'HeapProfiler.takeHeapSnapshot', params: { reportProgress: false } }),
  );
  await done;
  socket.close();
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}
