import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In `vite dev`, the server's paths are proxied to a server started with `npm start`. */
const serverPaths = ['/config.json', '/api', '/graphql', '/socket.io', '/oauth', '/authorize'];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: Object.fromEntries(serverPaths.map((p) => [p, { target: 'http://localhost:8080', ws: true }])),
  },
});
