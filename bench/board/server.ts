import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { createLogger } from '../../apps/server/src/http/logger.ts';
import { freePort } from '../../apps/server/src/store/free-port.ts';

/** The built board app: the bench measures what users get (npm run bench:board builds it first). */
const BOARD_DIST = fileURLToPath(new URL('../../apps/board/dist', import.meta.url));

export interface BoardServer {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real server in this process (buildApp) on the bench's database, with demo
 * data and the simulator off by default: the only changes are the ones the bench
 * makes. bench:soak turns the simulator on (`simulatorRate`, as CAREBOARD_SIMULATOR_RATE).
 */
export async function startBoardServer(
  databaseUrl: string,
  dataDir: string,
  simulatorRate = 0,
): Promise<BoardServer> {
  if (!existsSync(path.join(BOARD_DIST, 'index.html'))) {
    throw new Error(`No built board app in ${BOARD_DIST}: run npm run build first.`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    CAREBOARD_BOARD_DIR: BOARD_DIST,
    CAREBOARD_DATA_DIR: dataDir,
    CAREBOARD_SIMULATOR_RATE: String(simulatorRate),
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, databaseUrl, logger: createLogger(config.logLevel) });
  await app.listen({ port, host: '127.0.0.1' });
  return { baseUrl, close: () => app.close() };
}
