import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MODULES = '/usr/lib/glewlwyd';
const WEBAPP = '/usr/share/glewlwyd/webapp';
/** No answer within this is a failure, not a wait. */
const READY_WITHIN_MS = 10_000;
const POLL_EVERY_MS = 10;
/** A graceful stop waits seconds for its HTTP threads; the state goes with the folder anyway. */
const STOP_SIGNAL = 'SIGKILL';

let webappCopy: string | undefined;

export interface GlewlwydProcess {
  readonly baseUrl: string;
  /** Kills the process by its pid and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * Debian's glewlwyd on a loopback port with the SQLite database `database`, its configuration in
 * `dir` (the caller's, and the caller removes it). Resolves once the server answers; never leaves
 * the process running when it rejects.
 */
export async function runGlewlwyd(dir: string, database: string, port: number): Promise<GlewlwydProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = path.join(dir, 'glewlwyd.conf');
  writeFileSync(config, glewlwydConf(port, baseUrl, database, loginApp()));
  const glewlwyd = spawnGlewlwyd(config);
  try {
    await untilAnswering(baseUrl, glewlwyd);
  } catch (error) {
    await glewlwyd.stop();
    throw error;
  }
  return { baseUrl, stop: glewlwyd.stop };
}

interface Spawned {
  readonly pid: number | undefined;
  /** Why it ended, once it has (it exited, or could not be started). */
  readonly ended: Promise<string>;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The process, its output kept for error messages; a test process that exits takes it along. */
function spawnGlewlwyd(config: string): Spawned {
  const child = spawn('glewlwyd', ['--config-file', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // A program that is not there emits 'error' and never 'exit'.
  const ended = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(`exited with ${code ?? signal}`));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ENOENT'
          ? 'is not installed: run `node scripts/prerequisites.ts` (npm test does)'
          : error.message,
      ),
    );
  });
  const killOnExit = () => child.kill(STOP_SIGNAL);
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill(STOP_SIGNAL);
    await ended;
  };
  return { pid: child.pid, ended, output: () => output, stop };
}

/**
 * The login web app, copied once per machine into the temp folder (glewlwyd serves no linked file,
 * and Debian links config.json into /etc, where it may be a folder holding the file), its
 * config.json a file. The app's `GlewlwydUrl` stays relative ("./"): the same copy serves every
 * port. Named by a hash of the files' names, sizes and times, and renamed into place whole.
 */
function loginApp(): string {
  if (webappCopy !== undefined) return webappCopy;
  const configJson = path.join(WEBAPP, 'config.json');
  const source = statSync(configJson).isDirectory() ? path.join(configJson, 'config.json') : configJson;
  const hash = createHash('sha256').update(readFileSync(source));
  for (const file of readdirSync(WEBAPP, { recursive: true, encoding: 'utf8' }).sort()) {
    const { size, mtimeMs } = statSync(path.join(WEBAPP, file));
    hash.update(`${file} ${size} ${mtimeMs}\n`);
  }
  const copy = path.join(tmpdir(), `careboard-test-glewlwyd-webapp-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(copy)) {
    const making = mkdtempSync(`${copy}.`);
    cpSync(WEBAPP, making, { recursive: true, dereference: true, filter: (file) => file !== configJson });
    copyFileSync(source, path.join(making, 'config.json'));
    try {
      renameSync(making, copy);
    } catch (error) {
      // Another process put its copy in place first.
      rmSync(making, { recursive: true, force: true });
      if (!existsSync(copy)) throw error;
    }
  }
  webappCopy = copy;
  return copy;
}

/**
 * glewlwyd's configuration (libconfig). It refuses to start without the TLS file names even with
 * TLS off; cookies are not Secure on plain HTTP; the admin API takes the admin's session cookie.
 */
function glewlwydConf(port: number, baseUrl: string, database: string, webapp: string): string {
  const mimeTypes = Object.entries({
    '.html': 'text/html',
    '.css': 'text/css',
    '.js': 'application/javascript',
    '.json': 'application/json',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.ico': 'image/x-icon',
    '.ttf': 'font/ttf',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.eot': 'application/vnd.ms-fontobject',
    '.svg': 'image/svg+xml',
  }).map(([extension, type]) => `  { extension = "${extension}"; mime_type = "${type}"; }`);
  return `${[
    `port = ${port};`,
    'bind_address = "127.0.0.1";',
    `external_url = "${baseUrl}";`,
    'login_url = "login.html";',
    'api_prefix = "api";',
    `static_files_path = "${webapp}";`,
    'allow_origin = "*";',
    'log_mode = "console";',
    'log_level = "ERROR";',
    'cookie_secure = 0;',
    'admin_session_authentication = "cookie";',
    'profile_session_authentication = "cookie";',
    `user_module_path = "${MODULES}/user";`,
    `client_module_path = "${MODULES}/client";`,
    `user_auth_scheme_module_path = "${MODULES}/scheme";`,
    `plugin_module_path = "${MODULES}/plugin";`,
    'use_secure_connection = false;',
    'secure_connection_key_file = "/dev/null";',
    'secure_connection_pem_file = "/dev/null";',
    'hash_algorithm = "SHA512";',
    `database = { type = "sqlite3"; path = "${database}"; };`,
    'static_files_mime_types = (',
    mimeTypes.join(',\n'),
    ');',
  ].join('\n')}\n`;
}

/** Polls the server's own configuration endpoint until it answers, the process ends, or time runs out. */
async function untilAnswering(baseUrl: string, glewlwyd: Spawned): Promise<void> {
  let ended: string | undefined;
  void glewlwyd.ended.then((reason) => {
    ended = reason;
  });
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`glewlwyd ${ended}:\n${glewlwyd.output()}`);
    if (await answers(`${baseUrl}/config/`)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  throw new Error(
    `glewlwyd (pid ${glewlwyd.pid}) did not answer within ${READY_WITHIN_MS} ms:\n${glewlwyd.output()}`,
  );
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
