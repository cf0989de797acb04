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
  readonly command: string;
  /** The Debian package that provides it. */
  readonly debianPackage: string;
}

/** Add a line here when a test needs another program. */
const PREREQUISITES: readonly Prerequisite[] = [
  { name: 'Redis (multi-node tests)', command: 'redis-server', debianPackage: 'redis-server' },
  { name: 'MQTT broker (RTLS feed tests)', command: 'mosquitto', debianPackage: 'mosquitto' },
  { name: 'TLS certificates for the MLLP over TLS tests', command: 'openssl', debianPackage: 'openssl' },
  // A second MLLP client, written apart from ours (runs on Debian's /usr/bin/python3).
  { name: 'A second MLLP sender (HL7 feed tests)', command: 'mllp_send', debianPackage: 'python3-hl7' },
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
  const missing = PREREQUISITES.filter((p) => !onPath(p.command));
  if (missing.length === 0) return 0;
  const packages = [...new Set(missing.map((p) => p.debianPackage))];
  if (isRoot() && onPath('apt-get')) {
    if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', ...packages])) {
      const still = missing.filter((p) => !onPath(p.command));
      if (still.length === 0) return 0;
      missing.splice(0, missing.length, ...still);
    }
  }
  const lines = [
    'The tests need programs that are not installed:',
    ...missing.map((p) => `  - ${p.command}: ${p.name}`),
    `Install them, e.g. on Debian or Ubuntu: sudo apt-get install -y ${packages.join(' ')}`,
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
  return 1;
}

process.exitCode = main();
