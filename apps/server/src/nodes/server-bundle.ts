import { fileURLToPath } from 'node:url';

/** The server's source entry point: what `npm run build` bundles, and what tests may run directly. */
export const SERVER_SOURCE = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * The server as one file, which `npm start`, the cluster's processes and the benches run (decision
 * FND-33): made by `npm run build` (apps/server/scripts/bundle.ts). Node then loads one module
 * instead of about 1,800 and strips no types, so a server is ready in half the time.
 */
export const SERVER_BUNDLE = fileURLToPath(new URL('../../dist/server/main.mjs', import.meta.url));

/** The admin command's source entry point (`npm run careboard`), and its bundle in a release (FND-51). */
export const CLI_SOURCE = fileURLToPath(new URL('../cli/main.ts', import.meta.url));
export const CLI_BUNDLE = fileURLToPath(new URL('../../dist/cli/main.mjs', import.meta.url));
