/**
 * What the tests need from outside npm, installed when we can (root on Debian) and named
 * when we cannot. `npm test` runs this first; it prints nothing when all is there.
 * Node 24 runs it directly (type stripping), so it imports nothing but node:*.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

interface Prerequisite {
  /** What it is for, in the message when it is missing. */
  readonly name: string;
  /** The command that must be on PATH. */
  readonly command?: string;
  /** Or a file that must exist (a package that installs no command). */
  readonly file?: string;
  /** The Debian package that provides it. */
  readonly debianPackage: string;
}

/** Add a line here when a test needs another program. */
const PREREQUISITES: readonly Prerequisite[] = [
  { name: 'Redis (multi-node tests)', command: 'redis-server', debianPackage: 'redis-server' },
  { name: 'MQTT broker (RTLS feed tests)', command: 'mosquitto', debianPackage: 'mosquitto' },
  {
    name: 'TLS certificates for the HTTPS and MLLP over TLS tests',
    command: 'openssl',
    debianPackage: 'openssl',
  },
  // A second MLLP client, written apart from ours (runs on Debian's /usr/bin/python3).
  { name: 'A second MLLP sender (HL7 feed tests)', command: 'mllp_send', debianPackage: 'python3-hl7' },
  // The hospital's identity providers of the sign-in tests (decision IDN-23): OpenID Connect and SAML 2.0.
  { name: 'An OpenID provider (sign-in tests)', command: 'glewlwyd', debianPackage: 'glewlwyd' },
  {
    name: "glewlwyd's SQLite schema (sign-in tests)",
    file: '/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3',
    debianPackage: 'dbconfig-sqlite3',
  },
  { name: "glewlwyd's key maker (sign-in tests)", command: 'rnbyc', debianPackage: 'rnbyc' },
  {
    name: 'SQLite, to make glewlwyd a database (sign-in tests)',
    command: 'sqlite3',
    debianPackage: 'sqlite3',
  },
  {
    name: 'A SAML 2.0 provider (sign-in tests)',
    file: '/usr/share/simplesamlphp/www/index.php',
    debianPackage: 'simplesamlphp',
  },
  { name: 'PHP to serve it (sign-in tests)', command: 'php', debianPackage: 'php-cli' },
  {
    name: "PHP's XML (SimpleSAMLphp)",
    file: '/etc/php/8.2/mods-available/dom.ini',
    debianPackage: 'php-xml',
  },
  {
    name: "PHP's mbstring (SimpleSAMLphp)",
    file: '/etc/php/8.2/mods-available/mbstring.ini',
    debianPackage: 'php-mbstring',
  },
  {
    name: "PHP's curl (SimpleSAMLphp)",
    file: '/etc/php/8.2/mods-available/curl.ini',
    debianPackage: 'php-curl',
  },
  // The hospital's external PostgreSQL (backup, restore and Kubernetes tests): Debian's, version 15.
  {
    name: "Debian's PostgreSQL 15 (external database tests)",
    file: '/usr/lib/postgresql/15/bin/postgres',
    debianPackage: 'postgresql-15',
  },
  // The image and its Kubernetes manifests (decisions FND-52, FND-53): built without a registry.
  {
    name: 'A Debian root file system for the image',
    file: '/usr/sbin/debootstrap',
    debianPackage: 'debootstrap',
  },
  { name: 'buildah, to build the image', command: 'buildah', debianPackage: 'buildah' },
  { name: 'podman, to run the image and kube play', command: 'podman', debianPackage: 'podman' },
  {
    name: "runc, podman's runtime on this machine (toolchain.md)",
    file: '/usr/sbin/runc',
    debianPackage: 'runc',
  },
  // Debian's own build: browsers that download themselves cannot reach the network here.
  { name: 'Chromium (browser tests)', command: 'chromium', debianPackage: 'chromium' },
];

function onPath(command: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

function present(prerequisite: Prerequisite): boolean {
  if (prerequisite.file) {
    try {
      accessSync(prerequisite.file, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  }
  return prerequisite.command !== undefined && onPath(prerequisite.command);
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a command with its output shown; true when it succeeded. */
function run(command: string, args: readonly string[]): boolean {
  process.stdout.write(`prerequisites: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function main(): number {
  const missing = PREREQUISITES.filter((p) => !present(p));
  if (missing.length === 0) return 0;
  const packages = [...new Set(missing.map((p) => p.debianPackage))];
  if (isRoot() && onPath('apt-get')) {
    if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', ...packages])) {
      const still = missing.filter((p) => !present(p));
      if (still.length === 0) return 0;
      missing.splice(0, missing.length, ...still);
    }
  }
  const lines = [
    'The tests need programs that are not installed:',
    ...missing.map((p) => `  - ${p.command ?? p.file}: ${p.name}`),
    `Install them, e.g. on Debian or Ubuntu: sudo apt-get install -y ${packages.join(' ')}`,
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
  return 1;
}

process.exitCode = main();
