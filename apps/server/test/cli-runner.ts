import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childProcessEnv } from './child-env.ts';

const CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/**
 * `npm run careboard -- …` as a real process against a database (null: none, so the data
 * directory decides), with `stdin` typed in and any more of the environment.
 */
export function runCareboard(
  databaseUrl: string | null,
  args: readonly string[],
  stdin = '',
  env: Readonly<Record<string, string>> = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: {
        ...childProcessEnv(),
        ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
        LOG_LEVEL: 'silent',
        ...env,
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}
