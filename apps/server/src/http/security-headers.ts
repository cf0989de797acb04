import type { RuntimeConfig } from '@careboard/contracts';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

function origin(url: string): string {
  return new URL(url).origin;
}

/**
 * CSP allowing self (and WebAssembly compilation) plus the configured identity, API and websocket origins;
 * nosniff; frame-ancestors self (the console's live preview frames the board on
 * the same origin, decision CON-46; no other site may frame any page); a strict
 * referrer policy.
 */
export async function installSecurityHeaders(app: FastifyInstance, runtime: RuntimeConfig): Promise<void> {
  const http = [runtime.API_URL, runtime.SECURABLE_API_URL, runtime.EXPORT_API_URL, runtime.AUTH_DOMAIN].map(
    origin,
  );
  const sockets = [runtime.GRAPHQL_URL, runtime.SOCKETS_URL].map(origin);
  const socketsAsWs = sockets.map((o) => o.replace(/^http/, 'ws'));
  const connectSrc = [...new Set(["'self'", ...http, ...sockets, ...socketsAsWs])];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        // Compiling WebAssembly (the offline voice, SCR-12), never eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc,
        formAction: ["'self'", origin(runtime.AUTH_DOMAIN)],
        frameAncestors: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: runtime.API_URL.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    // For browsers without CSP frame-ancestors: same origin only, as the CSP says.
    xFrameOptions: { action: 'sameorigin' },
  });
}
