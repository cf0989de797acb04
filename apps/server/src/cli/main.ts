import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.ts';
import { createLogger } from '../http/logger.ts';
import { DataDirInUseError } from '../store/data-dir-lock.ts';
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
import { openStore } from './open-store.ts';

const USAGE = `Usage: npm run careboard -- <command>

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

Without --password-stdin a password is generated and shown once. customer add also makes the
customer's organization id (org_<slug>) and device client (<slug>-device).`;

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
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parse();
  const [group, action, argument] = positionals;
  const command = `${group ?? ''} ${action ?? ''}`;
  const known = [
    'customer add',
    'customer list',
    'user add',
    'user list',
    'user set-role',
    'user disable',
    'user enable',
    'device list',
    'device revoke',
    'device assign',
    'keys list',
    'keys rotate',
    'keys retire',
  ];
  if (values.help || !known.includes(command)) {
    print(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(process.env);
  const store = await openStore(config, createLogger('warn'));
  try {
    switch (command) {
      case 'customer add':
        await customerAdd(store.db, values, print, readStdin);
        break;
      case 'customer list':
        await customerList(store.db, print);
        break;
      case 'user add':
        await userAdd(store.db, values, print, readStdin);
        break;
      case 'user list':
        await userList(store.db, values, print);
        break;
      case 'user set-role':
        await userSetRole(store.db, argument, values, print);
        break;
      case 'user disable':
      case 'user enable':
        await userDisable(store.db, argument, action === 'disable', print);
        break;
      case 'device list':
        await deviceList(store.db, values, print);
        break;
      case 'device revoke':
        await deviceRevoke(store.db, argument, print);
        break;
      case 'device assign':
        await deviceAssign(store.db, argument, values, print);
        break;
      case 'keys list':
        await keysList(store.db, print);
        break;
      case 'keys rotate':
        await keysRotate(store.db, print);
        break;
      default:
        await keysRetire(store.db, argument, print);
    }
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(
      `${known ? (error as Error).message : `careboard: ${error instanceof Error ? error.stack : String(error)}`}\n`,
    );
    process.exit(known ? 2 : 1);
  },
);
