/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import packageJson from './package.json' with { type: 'json' };

/** In `vite dev`, the server's paths are proxied to a server started with `npm start`. */
const serverPaths = ['/config.json', '/api', '/graphql', '/socket.io', '/oauth', '/authorize'];

/**
 * Navigations the service worker may answer with the precached index.html: the
 * board's own routes only. Everything else (the API, /config.json, the identity
 * provider's pages on the same origin) must reach the network, or a stale
 * index.html would stand in for them.
 */
const appNavigations = [
  /^\/$/,
  /^\/(workflow|family|patient|assets-par-level)\/?$/,
  /^\/auth\/(login|callback|device|logout)\/?$/,
];
const serverNavigations = [
  /^\/api(\/|$)/,
  /^\/config\.json/,
  /^\/graphql/,
  /^\/socket\.io/,
  /^\/oauth\//,
  /^\/authorize/,
  /^\/oidc\//,
  /^\/interaction\//,
  /^\/activate/,
  /^\/userinfo/,
  /^\/\.well-known\//,
  /^\/(health|ready)$/,
];

/**
 * The build formats the precompiled catalogues (src/i18n/compiled/, written by
 * scripts/compile-messages.ts), so react-intl's ICU message parser is left out of
 * it. Tests keep the parser: they may render the source texts.
 */
const withoutMessageParser = [
  {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
  },
];

export default defineConfig(({ command, mode }) => ({
  resolve: { alias: command === 'build' ? withoutMessageParser : [] },
  plugins: [
    react(),
    VitePWA({
      // Tests run without a service worker.
      disable: mode === 'test',
      strategies: 'generateSW',
      // The board activates a waiting version itself (release/), so no prompt UI and no auto-inject:
      // registration waits for the app to be stable or 30 s (specification section 9).
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifest: {
        name: 'Careboard',
        short_name: 'Careboard',
        display: 'fullscreen',
        background_color: '#05131d',
        theme_color: '#05131d',
        icons: [{ src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        navigateFallback: 'index.html',
        navigateFallbackAllowlist: appNavigations,
        navigateFallbackDenylist: serverNavigations,
        // The offline voice's WebAssembly (18 MB, decision SCR-12) is not precached: only a screen
        // without a voice fetches it, and from then on it comes from this cache, offline too.
        runtimeCaching: [
          {
            urlPattern: /\/assets\/espeak-ng-[\w-]+\.wasm$/,
            handler: 'CacheFirst',
            options: {
              cacheName: 'careboard-offline-voice',
              expiration: { maxEntries: 2 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  define: {
    'import.meta.env.VITE_CAREBOARD_RELEASE': JSON.stringify(packageJson.version),
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: Object.fromEntries(serverPaths.map((p) => [p, { target: 'http://localhost:8080', ws: true }])),
  },
  test: { setupFiles: ['./src/test-setup.ts'] },
}));
