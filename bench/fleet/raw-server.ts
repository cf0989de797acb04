/**
 * The baseline's server, a child process: a bare `ws` WebSocketServer. A board's screens connect
 * at `/<board index>`; it answers their keep-alive pings and, when told to play, sends each
 * recorded frame's bytes (encoded once) to that board's screens at the frame's time. No protocol,
 * no per-screen work beyond framing: the floor a fan-out over WebSockets can reach. It listens once
 * it has its frames. A restarted one (on the port given as its first argument) sends each screen
 * that connects its board's snapshot, or else the newest frame played: a restart's catch-up at a
 * bare socket's cost.
 */
import { type WebSocket, WebSocketServer } from 'ws';
import { LISTEN_BACKLOG } from '../../apps/server/src/nodes/listen-backlog.ts';
import { now } from '../fanout/clock.ts';
import type { FromRawServer, ScheduledFrame, ToRawServer } from './raw-protocol.ts';

const boards = new Map<number, Set<WebSocket>>();
const PONG = Buffer.from('{"type":"pong"}');
let schedule: { at: number; board: number; bytes: Buffer }[] = [];
/** Each board's newest frame played (or, in a resumed process, due). */
const newest = new Map<number, Buffer>();
const snapshots = new Map<number, Buffer>();
let server: WebSocketServer | undefined;

/** Once it has its frames (a screen that connects is sent its board's at once). */
function listen(): void {
  // Careboard's server's accept queue: the restart compares the code, not the kernel's settings.
  server = new WebSocketServer({
    host: '127.0.0.1',
    port: Number(process.argv[2] ?? 0),
    backlog: LISTEN_BACKLOG,
  });
  server.on('connection', (socket, request) => {
    const board = Number((request.url ?? '/').slice(1));
    const screens = boards.get(board) ?? new Set();
    boards.set(board, screens);
    screens.add(socket);
    const caughtUp = snapshots.get(board) ?? newest.get(board);
    if (caughtUp) socket.send(caughtUp, { binary: false });
    socket.on('message', () => socket.send(PONG, { binary: false }));
    socket.on('close', () => screens.delete(socket));
  });
  server.on('listening', () => {
    const address = server?.address();
    process.send?.({
      type: 'listening',
      port: typeof address === 'object' && address ? address.port : 0,
    } satisfies FromRawServer);
  });
}

/** Plays the schedule from `start`; `resume`: a restarted process, which skips the frames already due. */
function play(start: number, resume: boolean): void {
  let next = 0;
  while (
    resume &&
    next < schedule.length &&
    (schedule[next] as (typeof schedule)[number]).at <= now() - start
  ) {
    const frame = schedule[next++] as (typeof schedule)[number];
    newest.set(frame.board, frame.bytes);
  }
  const tick = () => {
    const elapsed = now() - start;
    while (next < schedule.length && (schedule[next] as (typeof schedule)[number]).at <= elapsed) {
      const frame = schedule[next++] as (typeof schedule)[number];
      newest.set(frame.board, frame.bytes);
      for (const socket of boards.get(frame.board) ?? []) socket.send(frame.bytes, { binary: false });
    }
    if (next < schedule.length) setTimeout(tick, Math.max(0, (schedule[next]?.at ?? 0) - (now() - start)));
    else process.send?.({ type: 'played' } satisfies FromRawServer);
  };
  tick();
}

process.on('message', (message: ToRawServer) => {
  if (message.type === 'load') {
    for (const frame of message.snapshots ?? []) snapshots.set(frame.board, Buffer.from(frame.text));
    schedule = message.frames
      .map((frame: ScheduledFrame) => ({ at: frame.at, board: frame.board, bytes: Buffer.from(frame.text) }))
      .sort((a, b) => a.at - b.at);
    if (!server) listen();
  }
  if (message.type === 'play') play(message.start, message.resume ?? false);
  if (message.type === 'stop') {
    for (const client of server?.clients ?? []) client.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
