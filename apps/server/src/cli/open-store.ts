import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { type Db, migrateToLatest, openDatabase } from '../store/database.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../store/embedded-postgres.ts';

/**
 * The store the server uses: DATABASE_URL; else the embedded cluster of a
 * server running on the data directory; else the embedded cluster started
 * for the length of the command.
 */
export async function openStore(config: Config, log: Logger): Promise<{ db: Db; close(): Promise<void> }> {
  const running = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  const embedded = running ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const db = openDatabase(running ?? embedded?.url ?? '', 2);
  await migrateToLatest(db);
  return {
    db,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
