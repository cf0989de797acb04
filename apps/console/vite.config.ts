/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In `vite dev`, the server's paths are proxied to a server started with `npm start`. */
const serverPaths = ['/config.json', '/api', '/graphql', '/socket.io', '/oauth', '/authorize'];

/**
 * The console is served by the same server under /console (decision CON-01), so
 * every built URL starts there. No service worker: operators use an ordinary
 * browser tab, and a cached index.html would only hide a new release (CON-09).
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: Object.fromEntries(serverPaths.map((p) => [p, { target: 'http://localhost:8080', ws: true }])),
  },
  test: { setupFiles: ['./src/test-setup.ts'] },
});
