/**
 * The baseline's server, a child process: a bare `ws` WebSocketServer. A board's screens connect
 * at `/<board index>`; it answers their keep-alive pings and, when told to play, sends each
 * recorded frame's bytes (encoded once) to that board's screens at the frame's time. No protocol,
 * no per-screen work beyond framing: the floor a fan-out over WebSockets can reach.
 */
import { type WebSocket, WebSocketServer } from 'ws';
import { now } from '../fanout/clock.ts';
import type { FromRawServer, ScheduledFrame, ToRawServer } from './raw-protocol.ts';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
const boards = new Map<number, Set<WebSocket>>();
const PONG = Buffer.from('{"type":"pong"}');
let schedule: { at: number; board: number; bytes: Buffer }[] = [];

server.on('connection', (socket, request) => {
  const board = Number((request.url ?? '/').slice(1));
  const screens = boards.get(board) ?? new Set();
  boards.set(board, screens);
  screens.add(socket);
  socket.on('message', () => socket.send(PONG, { binary: false }));
  socket.on('close', () => screens.delete(socket));
});

server.on('listening', () => {
  const address = server.address();
  process.send?.({
    type: 'listening',
    port: typeof address === 'object' && address ? address.port : 0,
  } satisfies FromRawServer);
});

function play(start: number): void {
  let next = 0;
  const tick = () => {
    const elapsed = now() - start;
    while (next < schedule.length && (schedule[next] as (typeof schedule)[number]).at <= elapsed) {
      const frame = schedule[next++] as (typeof schedule)[number];
      for (const socket of boards.get(frame.board) ?? []) socket.send(frame.bytes, { binary: false });
    }
    if (next < schedule.length) setTimeout(tick, Math.max(0, (schedule[next]?.at ?? 0) - (now() - start)));
    else process.send?.({ type: 'played' } satisfies FromRawServer);
  };
  tick();
}

process.on('message', (message: ToRawServer) => {
  if (message.type === 'load')
    schedule = message.frames
      .map((frame: ScheduledFrame) => ({ at: frame.at, board: frame.board, bytes: Buffer.from(frame.text) }))
      .sort((a, b) => a.at - b.at);
  if (message.type === 'play') play(message.start);
  if (message.type === 'stop') {
    for (const client of server.clients) client.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
