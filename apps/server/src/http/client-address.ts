import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

/** Whether the hop at this address (0: the socket's peer) is a proxy whose forwarded headers count. */
export type TrustProxy = (address: string, hop: number) => boolean;

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'] as const;

/** TRUSTED_PROXIES compiled once; none trusts no forwarded header (decision FND-24). */
export function compileTrustProxy(trustedProxies: readonly string[]): TrustProxy {
  return trustedProxies.length > 0 ? proxyAddr.compile([...trustedProxies]) : () => false;
}

/**
 * The caller's address, by proxy-addr's rules (as Fastify's `request.ip`, which gets the same
 * TrustProxy): X-Forwarded-For is read from the right only across trusted proxies, so a header
 * sent by anyone else changes nothing. Every per-address limit takes its address here (FND-24).
 */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string {
  return (request.socket.remoteAddress && proxyAddr(request, trust)) || 'unknown';
}

/**
 * oidc-provider (Koa, told to read X-Forwarded-*) sees only forwarded headers that hold: from a peer
 * that is not a trusted proxy they are removed; from a trusted proxy X-Forwarded-For is narrowed to
 * the address proxy-addr chose (Koa would take its leftmost entry, which the client wrote). The
 * scheme is PUBLIC_URL's unless a trusted proxy says otherwise: the server speaks plain HTTP, so an
 * https PUBLIC_URL means TLS ends in front of it, and the provider's Secure cookies need to know (FND-24).
 */
export function installForwardedHeaders(
  app: FastifyInstance,
  { trust, publicScheme }: { trust: TrustProxy; publicScheme: 'http' | 'https' },
): void {
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    const peer = request.raw.socket.remoteAddress;
    if (peer && trust(peer, 0)) {
      if (headers['x-forwarded-for']) headers['x-forwarded-for'] = clientAddress(request.raw, trust);
    } else {
      for (const name of FORWARDED_HEADERS) delete headers[name];
    }
    headers['x-forwarded-proto'] ??= publicScheme;
  });
}
