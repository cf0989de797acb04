import path from 'node:path';
import type { Logger } from 'pino';
import { backupFileName } from '../backup/backup-names.ts';
import { checkBackup, restoreDatabase, restoreDataDir } from '../backup/restore-backup.ts';
import { writeBackup } from '../backup/write-backup.ts';
import type { Config } from '../config/config.ts';
import { describeDatabase, openStore } from './open-store.ts';

type Print = (line: string) => void;

/**
 * `careboard backup [--to FILE]` (decision FND-46): the server's own data, read as it is (no
 * migration), while it runs; into FILE, else a file named for the time and version in
 * CAREBOARD_BACKUP_DIR, else in the working directory.
 */
export async function backupCommand(config: Config, to: string | undefined, log: Logger, print: Print) {
  const store = await openStore(config, log, { migrate: false });
  process.stderr.write(`careboard: ${store.where}\n`);
  try {
    const file = path.resolve(to ?? path.join(config.backups.dir ?? '.', backupFileName(new Date())));
    const written = await writeBackup(store.url, file);
    print(
      `Backed up ${written.tables} tables, ${written.rows} rows (schema ${written.migration}) to ${file} (${written.bytes} bytes).`,
    );
    print("It holds patients' names, the signing keys and the secrets: keep it as safe as the database.");
  } finally {
    await store.close();
  }
}

/**
 * `careboard restore FILE`: into DATABASE_URL, which must be an empty database, else into
 * CAREBOARD_DATA_DIR, which must hold no cluster. The file is read through first: a file cut
 * short or altered, or of a newer schema, is refused before anything is made.
 */
export async function restoreCommand(config: Config, file: string, log: Logger, print: Print) {
  const verified = await checkBackup(path.resolve(file));
  const where = config.databaseUrl
    ? `database ${describeDatabase(config.databaseUrl)}`
    : `data in ${config.dataDir}`;
  process.stderr.write(`careboard: ${where}\n`);
  if (config.databaseUrl) await restoreDatabase(config.databaseUrl, path.resolve(file), verified);
  else await restoreDataDir(config.dataDir, path.resolve(file), verified, log);
  const { header, tables, end } = verified;
  const rows = Object.values(end.rows).reduce((sum, count) => sum + count, 0);
  print(
    `Restored ${tables.length} tables, ${rows} rows of a backup made ${header.createdAt} by Careboard ${header.product} (schema ${header.migrations.at(-1)}).`,
  );
  print('Start the server on it: it migrates the data to this version.');
}
