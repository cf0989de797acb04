import type { IncomingMessage } from 'node:http';

/** The caller's address: the first X-Forwarded-For entry behind a trusted proxy, else the socket's. */
export function clientIp(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (trustProxy && first) || request.socket.remoteAddress || 'unknown';
}
