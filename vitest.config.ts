import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// graphql 16 ships CJS and ESM builds; Node loads the CJS one for every importer, but
// Vite would hand our sources the ESM one, making two GraphQLSchema classes. Use Node's.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      // Browser code shared by the apps: jsdom for storage and cookies; OAuth tests opt into node.
      { test: { name: 'web-client', root: 'packages/web-client', environment: 'jsdom' } },
      // Announcement speech: the offline voice runs on Node too (its WebAssembly read from the package).
      { test: { name: 'speech', root: 'packages/speech', environment: 'node' } },
      {
        extends: './apps/board/vite.config.ts',
        test: { name: 'board', root: 'apps/board', environment: 'jsdom' },
      },
      {
        extends: './apps/console/vite.config.ts',
        test: { name: 'console', root: 'apps/console', environment: 'jsdom' },
      },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Browser tests: Debian's Chromium driven by playwright-core against the real server.
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          globalSetup: ['../apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
