import { parseArgs } from 'node:util';
import { PRODUCT_VERSION } from '@careboard/contracts';
import { RestoreRefusedError } from '../backup/restore-backup.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { createLogger } from '../http/logger.ts';
import { DataDirInUseError } from '../store/data-dir-lock.ts';
import { type Db, MigrationFailedError, NewerDatabaseError } from '../store/database.ts';
import { DataDirNotAccessibleError } from '../store/embedded-postgres.ts';
import { type CliWrite, runAudited } from './audit.ts';
import { backupCommand, restoreCommand } from './backup-commands.ts';
import {
  deviceAssign,
  deviceList,
  deviceRevoke,
  keysList,
  keysRetire,
  keysRotate,
  UsageError,
  userAdd,
  userDisable,
  userList,
  userSetRole,
} from './commands.ts';
import { customerAdd, customerList } from './customer-commands.ts';
import { NoStoreError, openStore } from './open-store.ts';

const USAGE = `Usage: npm run careboard -- <command>   (--version: the product version)

  customer add --id <slug> --name <name> --admin-email <email> [--locale en-US|es-US] [--admin-name <name>] [--password-stdin]
  customer list
  user add --customer <id> --email <email> --role admin|staff|visitor [--name <name>] [--password-stdin]
  user list [--customer <id>]
  user set-role <email> --customer <id> --role admin|staff|visitor
  user disable <email> | user enable <email>
  device list [--customer <id>]
  device revoke <device id>
  device assign <device id> --board <board id>|none
  keys list
  keys rotate
  keys retire <kid>
  backup [--to <file>]
  restore <file>

Without --password-stdin a password is generated and shown once. customer add also makes the
customer's organization id (org_<slug>) and device client (<slug>-device).

It works on the server's data: DATABASE_URL, else CAREBOARD_DATA_DIR (default ./data), named on
stderr each run; it never makes a database of its own. Every write is in the audit log.

backup writes the whole service (data, signing keys, secrets) while the server runs, to <file>,
else to CAREBOARD_BACKUP_DIR (or here) as careboard-<UTC time>-<version>.backup.gz. restore puts
one back into an empty database (DATABASE_URL) or an empty data directory, then start the server.`;

const print = (line: string) => process.stdout.write(`${line}\n`);

async function readStdin(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data.replace(/\r?\n$/, '');
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        customer: { type: 'string' },
        id: { type: 'string' },
        locale: { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-name': { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        board: { type: 'string' },
        to: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean' },
        version: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

type Parsed = ReturnType<typeof parse>['values'];
type Print = (line: string) => void;
type Write = (
  db: Db,
  values: Parsed,
  argument: string | undefined,
  print: Print,
  password: () => Promise<string>,
) => Promise<readonly CliWrite[]>;

/** The commands that write, each audited in the transaction of its write (FND-36). */
const WRITES: Readonly<Record<string, Write>> = Object.freeze({
  'customer add': (db, values, _argument, out, password) => customerAdd(db, values, out, password),
  'user add': (db, values, _argument, out, password) => userAdd(db, values, out, password),
  'user set-role': (db, values, argument, out) => userSetRole(db, argument, values, out),
  'user disable': (db, _values, argument, out) => userDisable(db, argument, true, out),
  'user enable': (db, _values, argument, out) => userDisable(db, argument, false, out),
  'device revoke': (db, _values, argument, out) => deviceRevoke(db, argument, out),
  'device assign': (db, values, argument, out) => deviceAssign(db, argument, values, out),
  'keys rotate': (db, _values, _argument, out) => keysRotate(db, out),
  'keys retire': (db, _values, argument, out) => keysRetire(db, argument, out),
});

/** The commands that only read. */
const READS: Readonly<Record<string, (db: Db, values: Parsed) => Promise<void>>> = Object.freeze({
  'customer list': (db) => customerList(db, print),
  'user list': (db, values) => userList(db, values, print),
  'device list': (db, values) => deviceList(db, values, print),
  'keys list': (db) => keysList(db, print),
});

async function main(): Promise<number> {
  const { positionals, values } = parse();
  // The same version GET /health answers: no store is opened for it.
  if (values.version) {
    print(PRODUCT_VERSION);
    return 0;
  }
  const [group, action, argument] = positionals;
  if (!values.help && (group === 'backup' || group === 'restore'))
    return backupOrRestore(group, action, values);
  const command = `${group ?? ''} ${action ?? ''}`;
  const write = WRITES[command];
  const read = READS[command];
  if (values.help || (!write && !read)) {
    print(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(process.env);
  // Read before any transaction opens: a transaction must not wait on someone typing.
  const typed = values['password-stdin'] === true && write ? await readStdin() : undefined;
  const store = await openStore(config, createLogger('warn'));
  process.stderr.write(`careboard: ${store.where}\n`);
  try {
    if (read) await read(store.db, values);
    else if (write) {
      // Said once the write and its audit events are committed, never before.
      const lines: string[] = [];
      await runAudited(store.db, command, (trx) =>
        write(
          trx,
          values,
          argument,
          (line) => lines.push(line),
          async () => typed ?? '',
        ),
      );
      for (const line of lines) print(line);
    }
    return 0;
  } finally {
    await store.close();
  }
}

/** backup and restore: the whole service, not a write of the audited kind (decision FND-46). */
async function backupOrRestore(
  command: 'backup' | 'restore',
  argument: string | undefined,
  values: Parsed,
): Promise<number> {
  const config = loadConfig(process.env);
  const log = createLogger('warn');
  if (command === 'backup') {
    if (argument !== undefined)
      throw new UsageError(`backup takes no argument; --to <file> names the file.\n\n${USAGE}`);
    await backupCommand(config, values.to, log, print);
  } else {
    if (argument === undefined)
      throw new UsageError(`Name the backup: careboard restore <file>.\n\n${USAGE}`);
    await restoreCommand(config, argument, log, print);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A database this version must not work on: one line, and the command did nothing (FND-49, FND-50).
    if (error instanceof NewerDatabaseError || error instanceof MigrationFailedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    const known =
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      error instanceof DataDirNotAccessibleError ||
      error instanceof NoStoreError ||
      error instanceof RestoreRefusedError;
    process.stderr.write(
      `${known ? (error as Error).message : `careboard: ${error instanceof Error ? error.stack : String(error)}`}\n`,
    );
    process.exit(known ? 2 : 1);
  },
);
