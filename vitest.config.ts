import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// graphql 16 ships CJS and ESM builds; Node loads the CJS one for every importer, but
// Vite would hand our sources the ESM one, making two GraphQLSchema classes. Use Node's.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

/**
 * Decision FND-43: one group of projects after another, each with as many files side by side as
 * it gains from. The unit projects (jsdom, CPU alone) one file per core less one; the server's
 * tests one more file than there are cores, as most of such a file is waiting on another process
 * (PostgreSQL, a server child); the browser tests one per core (Chromium computes as much as it
 * waits). Each project's time is printed.
 */
const cores = availableParallelism();
const units = { sequence: { groupOrder: 0 }, maxWorkers: Math.max(1, cores - 1) } as const;
const server = { sequence: { groupOrder: 1 }, maxWorkers: cores + 1 } as const;
const browsers = { sequence: { groupOrder: 2 }, maxWorkers: cores } as const;

export default defineConfig({
  test: {
    reporters: ['default', './scripts/vitest-project-times.ts'],
    projects: [
      { test: { ...units, name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      // Browser code shared by the apps: jsdom for storage and cookies; OAuth tests opt into node.
      // The jsdom projects use vmThreads: each file still gets its own module graph and globals,
      // but jsdom is made once per worker, not once per file (FND-43).
      {
        test: {
          ...units,
          name: 'web-client',
          root: 'packages/web-client',
          environment: 'jsdom',
          pool: 'vmThreads',
        },
      },
      // Announcement speech: the offline voice runs on Node too (its WebAssembly read from the package).
      { test: { ...units, name: 'speech', root: 'packages/speech', environment: 'node' } },
      {
        extends: './apps/board/vite.config.ts',
        test: { ...units, name: 'board', root: 'apps/board', environment: 'jsdom', pool: 'vmThreads' },
      },
      {
        extends: './apps/console/vite.config.ts',
        test: { ...units, name: 'console', root: 'apps/console', environment: 'jsdom', pool: 'vmThreads' },
      },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
        test: {
          ...server,
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // One module graph per worker, not per file: each file still makes its own servers
          // and databases (FND-43).
          isolate: false,
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Browser tests: Debian's Chromium driven by playwright-core against the real server.
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
        test: {
          ...browsers,
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          isolate: false,
          globalSetup: ['../apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
