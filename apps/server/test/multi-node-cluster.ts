import { type ChildProcess, spawn } from 'node:child_process';
import { SignJWT } from 'jose';
import { SERVER_NODE_FLAGS } from '../src/nodes/node-flags.ts';
import { SERVER_BUNDLE } from '../src/nodes/server-bundle.ts';
import { freePort } from '../src/store/free-port.ts';
import { childProcessEnv } from './child-env.ts';
import { FIXTURE_BOARD_DIR } from './test-server.ts';
import { nowSec, serverSigningKey } from './test-tokens.ts';

const READY = 'Careboard is running';

/**
 * One real server process of a cluster, as `npm start` runs it: the bundle `npm run build` makes
 * (FND-33; npm test builds first), so the cluster's forks and the Redis client's chunk are tested too.
 */
export interface Node {
  /** Where this node itself is reached (its own port), whatever PUBLIC_URL says. */
  readonly baseUrl: string;
  readonly graphqlUrl: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  /** SIGTERM, as an orchestrator stops a node; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ClusterOptions {
  readonly databaseUrl: string;
  /** Omitted: the nodes share nothing but PostgreSQL. */
  readonly redisUrl?: string;
  /** CAREBOARD_NODES: server processes each node runs on its port (Node's cluster). */
  readonly processes?: number;
}

/**
 * Nodes behind one load balancer: one PUBLIC_URL (so one token issuer and audience), one
 * database, each on its own port. Started one after the other, as a rolling deployment does.
 */
export async function startCluster(options: ClusterOptions, size: number) {
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const nodes: Node[] = [];
  try {
    for (const port of ports) nodes.push(await startNode(port, publicUrl, options));
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }
  return {
    nodes,
    issuer: publicUrl,
    audience: `${publicUrl}/api`,
    stop: () => Promise.all(nodes.map((node) => node.stop())),
  };
}

async function startNode(port: number, publicUrl: string, options: ClusterOptions): Promise<Node> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    env: {
      ...childProcessEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: options.databaseUrl,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...(options.processes ? { CAREBOARD_NODES: String(options.processes) } : {}),
      CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
      CAREBOARD_SIMULATOR_RATE: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const node: Node = {
    baseUrl: `http://127.0.0.1:${port}`,
    graphqlUrl: `ws://127.0.0.1:${port}/graphql`,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
  };
  const until = Date.now() + 30_000;
  while (!output.includes(READY)) {
    if (child.exitCode !== null || Date.now() > until) {
      await node.stop();
      throw new Error(`node on port ${port} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return node;
}

/** An access token as the cluster's embedded provider issues it, signed with the key every node trusts. */
export async function clusterToken(
  cluster: { readonly issuer: string; readonly audience: string },
  databaseUrl: string,
  scope: string,
): Promise<string> {
  const { key, kid } = await serverSigningKey(databaseUrl);
  return new SignJWT({
    iss: cluster.issuer,
    aud: cluster.audience,
    sub: 'multi-node-test',
    org_id: 'org_demo',
    scope,
    iat: nowSec(),
    exp: nowSec() + 300,
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .sign(key);
}

/** The REST API of one node, as a console calls it: bearer token and the XSRF cookie echoed. */
export async function restCall(
  node: Node,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const health = await fetch(`${node.baseUrl}/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${node.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
