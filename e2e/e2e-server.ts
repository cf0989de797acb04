import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer, type TestServerOptions } from '../apps/server/test/test-server.ts';

/** The built board app (npm test builds it before the tests run). */
export const BOARD_DIST = fileURLToPath(new URL('../apps/board/dist', import.meta.url));

/**
 * A real server on a fresh database, serving the built board app and console (a console built
 * to another folder when E2E_CONSOLE_DIR names one: parallel work that must not share dist/).
 */
export function startE2eServer(
  env: Record<string, string> = {},
  options: Pick<TestServerOptions, 'databaseUrl' | 'port'> = {},
): Promise<TestServer> {
  const consoleDir = process.env.E2E_CONSOLE_DIR;
  return startTestServer({
    ...options,
    env: {
      CAREBOARD_BOARD_DIR: BOARD_DIST,
      LOG_LEVEL: 'warn',
      ...(consoleDir ? { CAREBOARD_CONSOLE_DIR: consoleDir } : {}),
      ...env,
    },
  });
}
