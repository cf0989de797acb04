import { fileURLToPath } from 'node:url';

/**
 * The repository's `apps/` folder, where the server finds the board's and console's files.
 * Resolved from this module's own place, which is three folders below `apps/` both in the source
 * (`apps/server/src/config/`) and in the bundle `npm run build` makes (`apps/server/dist/server/`,
 * decision FND-33): every file the server reads from beside itself is named from here.
 */
export const APPS_DIR = fileURLToPath(new URL('../../../', import.meta.url));
