/**
 * Careboard as a hospital's facility IT installs it (FND-51, FND-52): the release `npm run release`
 * writes, started with the plain `node` binary in a fresh folder without `npm ci`; the image
 * `npm run image` builds with buildah, run with podman; the Kubernetes manifests, run with
 * `podman kube play` (FND-53). In each, a screen activates with its code on a phone and goes live.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_VERSION } from '@careboard/contracts';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { freePort } from '../apps/server/src/store/free-port.ts';
import { startDebianPostgres } from '../apps/server/test/debian-postgres.ts';
import { startRedis } from '../apps/server/test/multi-node-redis.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { codeOnScreen, confirmOnPhone } from './device-activation-flow.ts';
import { containersConf, podman, removeImage } from './podman.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Node.js 24 as a machine without build tools has it: the binary alone. */
const NODE = path.join(ROOT, 'node_modules/node/bin/node');
const NAME = `careboard-${PRODUCT_VERSION}`;
const TAG = `localhost/careboard-e2e:${PRODUCT_VERSION}-${process.pid}`;

let work: string;
let browser: Browser;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'careboard-deploy-'));
  // As root the embedded PostgreSQL runs as postgres, which must enter the data directory.
  chmodSync(work, 0o755);
  const made = spawnSync(process.execPath, ['scripts/release.ts', '--out', path.join(work, 'out')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(made.status, made.stderr).toBe(0);
  process.stdout.write(made.stdout);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Waits until `GET /ready` answers 200 (the server and its database are up), or the process ends. */
async function waitReady(baseUrl: string, child?: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${baseUrl} was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A screen opened on `baseUrl` as a device: activated with its code on a phone, then live, and
 * receiving the simulator's changes (GraphQL frames after the first).
 */
async function activateAndGoLive(baseUrl: string, shot: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  let frames = 0;
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"type":"next"')) frames += 1;
    }),
  );
  await page.goto(`${baseUrl}/?id=1&auth_flow=1`);
  const { code, link } = await codeOnScreen(page);
  await confirmOnPhone(browser, link, code, 'Confirm');
  await page.locator('.board[data-live="true"]').waitFor({ timeout: 60_000 });
  await page.getByText('Day Surgery — Patient Flow').first().waitFor({ timeout: 15_000 });
  const firstFrames = frames;
  // The demo's simulator moves a patient every few seconds: the screen hears of it.
  await expect.poll(() => frames, { timeout: 45_000, interval: 500 }).toBeGreaterThan(firstFrames);
  await screenshot(page, shot);
  return page;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Every symbolic link under `dir`, with where it points, resolved. */
function symlinksUnder(dir: string): { link: string; target: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isSymbolicLink())
    .map((entry) => {
      const link = path.join(entry.parentPath, entry.name);
      return { link, target: path.resolve(path.dirname(link), readlinkSync(link)) };
    });
}

describe('the release (FND-51)', () => {
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server) await stop(server);
  });

  it('unpacks in a fresh folder, holds no link outside itself, and serves a live board with node alone', async () => {
    const fresh = path.join(work, 'fresh');
    mkdirSync(fresh);
    const unpacked = spawnSync('tar', [
      '-xzf',
      path.join(work, 'out', `${NAME}-linux-x64.tar.gz`),
      '-C',
      fresh,
    ]);
    expect(unpacked.status).toBe(0);
    const release = path.join(fresh, NAME);
    for (const { link, target } of symlinksUnder(release)) {
      expect(target.startsWith(`${release}/`), `${link} points to ${target}`).toBe(true);
      expect(existsSync(target), `${link} is broken`).toBe(true);
    }
    expect(lstatSync(path.join(release, 'THIRD-PARTY-LICENSES.md')).size).toBeGreaterThan(10_000);

    // No npm, no build tools: PATH holds only the system's commands, and node is named by its path.
    const env = { PATH: '/usr/bin:/bin', HOME: work, LANG: 'C.UTF-8' };
    const version = spawnSync(NODE, ['apps/server/dist/cli/main.mjs', '--version'], {
      cwd: release,
      env,
      encoding: 'utf8',
    });
    expect(version.stdout.trim()).toBe(PRODUCT_VERSION);

    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    server = spawn(
      NODE,
      [
        '--max-semi-space-size=64',
        '--min-semi-space-size=64',
        '--heap-growing-percent=100',
        'apps/server/dist/server/main.mjs',
      ],
      {
        cwd: release,
        env: {
          ...env,
          PORT: String(port),
          PUBLIC_URL: baseUrl,
          CAREBOARD_DATA_DIR: path.join(work, 'release-data'),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await waitReady(baseUrl, server);
    const page = await activateAndGoLive(baseUrl, 'release-board');
    await page.context().close();
    await stop(server);
    expect(server.exitCode).toBe(0);
  }, 240_000);
});

describe('the image (FND-52) and the Kubernetes manifests (FND-53)', () => {
  const containers: string[] = [];
  let conf: string;
  beforeAll(() => {
    conf = containersConf(work);
  });
  afterAll(() => {
    for (const name of containers) podman(conf, ['rm', '-f', '-v', name]);
    removeImage(conf, TAG);
  });

  it('builds with buildah from debootstrap and, run by podman as a non-root user, serves a live board', async () => {
    const built = spawnSync(
      process.execPath,
      ['scripts/image.ts', '--release', path.join(work, 'out'), '--tag', TAG],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CONTAINERS_CONF: conf } },
    );
    expect(built.status, built.stderr).toBe(0);

    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const name = `careboard-e2e-${process.pid}`;
    containers.push(name);
    const run = podman(conf, [
      'run',
      '-d',
      '--name',
      name,
      '--network=host',
      '--no-healthcheck',
      '-e',
      `PORT=${port}`,
      '-e',
      `PUBLIC_URL=${baseUrl}`,
      '-e',
      'LOG_LEVEL=warn',
      TAG,
    ]);
    expect(run.status, run.stderr).toBe(0);
    await waitReady(baseUrl);
    expect(podman(conf, ['exec', name, 'id', '-u']).stdout.trim()).toBe('10001');
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as { version: string };
    expect(health.version).toBe(PRODUCT_VERSION);
    const page = await activateAndGoLive(baseUrl, 'image-board');
    await page.context().close();
    // The data lives in the image's /data volume, and the admin command runs in the container.
    const listed = podman(conf, [
      'exec',
      name,
      '/usr/local/bin/node',
      '/opt/careboard/apps/server/dist/cli/main.mjs',
      'device',
      'list',
    ]);
    expect(listed.stderr).toContain('data in /data');
    expect(listed.stdout).toMatch(/demo/);
    const stopped = podman(conf, ['stop', '-t', '30', name]);
    expect(stopped.status).toBe(0);
    expect(podman(conf, ['inspect', name, '--format', '{{.State.ExitCode}}']).stdout.trim()).toBe('0');
  }, 300_000);

  it("runs the Kubernetes manifests with podman kube play on the hospital's PostgreSQL and Redis", async () => {
    const database = await startDebianPostgres();
    const databaseUrl = await database.createDatabase('careboard');
    const redis = await startRedis();
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const suffix = `e2e-${process.pid}`;
    const manifests = onePodOf(readFileSync(path.join(ROOT, 'deploy/kubernetes/careboard.yaml'), 'utf8'), {
      suffix,
      image: TAG,
      config: { PUBLIC_URL: baseUrl, PORT: String(port), CAREBOARD_DEMO: 'on', LOG_LEVEL: 'warn' },
    });
    // podman 4.3 stores a Secret of the file in a form its own reader refuses: the test makes the
    // podman secret the pod reads (each value base64, as Kubernetes keeps them), from the manifest's.
    const secretFile = path.join(work, 'secret.json');
    writeFileSync(
      secretFile,
      JSON.stringify(
        Object.fromEntries(
          Object.entries({ ...manifests.secret, DATABASE_URL: databaseUrl, REDIS_URL: redis.url }).map(
            ([key, value]) => [key, Buffer.from(value).toString('base64')],
          ),
        ),
      ),
    );
    const file = path.join(work, 'careboard.yaml');
    writeFileSync(file, manifests.text);
    try {
      expect(podman(conf, ['secret', 'create', `careboard-${suffix}`, secretFile]).status).toBe(0);
      const played = podman(conf, ['kube', 'play', '--network', 'host', file]);
      expect(played.status, played.stderr).toBe(0);
      await waitReady(baseUrl);
      const page = await activateAndGoLive(baseUrl, 'kube-board');
      await page.context().close();
      // The pod's data is in the external database, not in the pod.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const customers = await client.query<{ id: string }>('SELECT id FROM customers');
        expect(customers.rows.map((row) => row.id)).toContain('demo');
      } finally {
        await client.end();
      }
    } finally {
      podman(conf, ['kube', 'down', file]);
      podman(conf, ['secret', 'rm', `careboard-${suffix}`]);
      await redis.stop();
      await database.stop();
    }
  }, 240_000);
});

/**
 * The shipped manifests as one machine runs them: the Deployment at one replica of the test's image
 * (every pod on the host's network would want the same port) mapping no ports, its ConfigMap with
 * the test's values, every name given the test's suffix; the Secret taken out (returned, for
 * podman secret).
 */
function onePodOf(
  text: string,
  change: { suffix: string; image: string; config: Record<string, string> },
): { text: string; secret: Record<string, string> } {
  const docs = parseAllDocuments(text).map((doc) => doc.toJSON() as Manifest);
  const rename = (name: string) => `${name}-${change.suffix}`;
  let secret: Record<string, string> = {};
  const kept: Manifest[] = [];
  for (const doc of docs) {
    doc.metadata.name = rename(doc.metadata.name);
    if (doc.kind === 'Secret') {
      secret = doc.stringData ?? {};
      continue;
    }
    if (doc.kind === 'ConfigMap') doc.data = { ...doc.data, ...change.config };
    if (doc.kind === 'Deployment' && doc.spec?.template) {
      doc.spec.replicas = 1;
      for (const container of doc.spec.template.spec.containers) {
        container.image = change.image;
        // On the host's network a pod maps no ports, and the probes name the test's port.
        delete container.ports;
        for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe])
          if (probe?.httpGet) probe.httpGet.port = Number(change.config.PORT);
        for (const from of container.envFrom ?? []) {
          if (from.configMapRef) from.configMapRef.name = rename(from.configMapRef.name);
          if (from.secretRef) from.secretRef.name = rename(from.secretRef.name);
        }
      }
    }
    kept.push(doc);
  }
  return { text: kept.map((doc) => stringify(doc)).join('---\n'), secret };
}

interface Probe {
  httpGet?: { port: number | string };
}

interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    template?: {
      spec: {
        containers: {
          image: string;
          ports?: unknown[];
          startupProbe?: Probe;
          readinessProbe?: Probe;
          livenessProbe?: Probe;
          envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
        }[];
      };
    };
  };
}
