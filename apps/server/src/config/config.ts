import type { BlockList } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '@careboard/contracts';
import { APPS_DIR } from './apps-dir.ts';
import { type Env, envSchema, type LogLevel } from './env-schema.ts';

export interface Config {
  readonly port: number;
  /** HOST; unset, loopback only with demo data (its accounts' password is public), else every interface (FND-38). */
  readonly host: string;
  /** Whether HOST was given: the start says how to open a demo to the network, or warns that it is open. */
  readonly hostSet: boolean;
  /** The address boards and the identity provider are reached at, without a trailing slash. */
  readonly publicUrl: string;
  /** TLS_CERT_FILE and TLS_KEY_FILE: the server speaks HTTPS (and WSS) on PORT (FND-44); null: plain HTTP. */
  readonly tls: TlsFiles | null;
  readonly http: HttpConfig;
  readonly dataDir: string;
  readonly boardDir: string;
  /** The built console app, served at /console (decision CON-01). */
  readonly consoleDir: string;
  /** Null: the server starts an embedded PostgreSQL in the data directory. */
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
  readonly store: StoreConfig;
  readonly backups: BackupsConfig;
  readonly demo: boolean;
  /** Demo simulator speed: 1 = real time, 10 = ten times faster, 0 = off. Off without demo data. */
  readonly simulatorRate: number;
  readonly logLevel: LogLevel;
  /** Served as /config.json. */
  readonly runtime: RuntimeConfig;
  readonly identity: IdentityConfig;
  readonly live: LiveConfig;
  readonly feeds: FeedsConfig;
  readonly nodes: NodesConfig;
  /** AUDIT_SYSLOG_URL: where the audit stream sends every audit event; null: nowhere (BOF-57). */
  readonly auditSyslog: AuditSyslogConfig | null;
}

/** A SIEM's syslog receiver (decision BOF-57). */
export interface AuditSyslogConfig {
  /** `tcp://host:port` or `tls://host:port` as given: names the stream's cursor in the database. */
  readonly destination: string;
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  /** PEM CA certificates the receiver's certificate must chain to, absolute; null: the system's. */
  readonly caFile: string | null;
}

/** PEM files, absolute: the certificate chain the server presents and its private key (FND-44). */
export interface TlsFiles {
  readonly certFile: string;
  readonly keyFile: string;
}

/** Server processes on one machine (decision LIVE-21). */
export interface NodesConfig {
  /** CAREBOARD_NODES: how many; above 1 the first process starts that many on the port. */
  readonly count: number;
  /** This process's place among them (0 when there is one); set for each by the first. */
  readonly index: number;
  /** CAREBOARD_NODE_NAME, else the host name: the machine, in this process's presence node (LIVE-54). */
  readonly machine: string;
}

/** Where the feeds come in (decision FEED-02, product §10). */
export interface FeedsConfig {
  /** HL7 v2 ADT over MLLP listens here (on HOST); null: off. */
  readonly hl7MllpPort: number | null;
  /** HL7_MLLP_ALLOW: the addresses that port takes connections from; null: any (FEED-66). */
  readonly hl7MllpAllow: BlockList | null;
  /** MLLP over TLS on a port of its own, beside the plain one or instead of it (FEED-66); null: off. */
  readonly hl7MllpTls: MllpTlsConfig | null;
  /** What one MLLP sender may hold (decision FEED-54). */
  readonly hl7Mllp: MllpConfig;
  /** The MQTT broker RTLS sightings come from; null: off. May hold credentials: never logged. */
  readonly mqttUrl: string | null;
  /** The subscription; its `+` is the customer id. */
  readonly mqttTopic: string;
  /**
   * Whether this process subscribes: every process of a machine for a shared subscription
   * (`$share/…`, the broker spreads the messages), otherwise only the first (LIVE-21).
   */
  readonly mqttHere: boolean;
}

/** The MLLP listener's limits (decision FEED-54). */
export interface MllpConfig {
  /**
   * A connection with no message for this long is closed. Interface engines keep a connection
   * open for as long as they run and send nothing when there is nothing to say, so a day: a
   * quiet night or a clinic's closed hours never cut one; the caps, not this, stop a holder.
   */
  readonly idleTimeoutSec: number;
  /** A frame, once its start block came, must end within this (a trickled frame is cut). */
  readonly frameTimeoutSec: number;
  /** Open connections one address may hold: an engine opens one per interface. */
  readonly connectionsPerAddress: number;
  /** Open connections in all. */
  readonly connections: number;
  /** A frame larger than this is read to its end, answered AR and kept without its body (FEED-60). */
  readonly maxFrameBytes: number;
}

/** The MLLP over TLS listener (decision FEED-66); the limits of MllpConfig hold for it on its own. */
export interface MllpTlsConfig {
  readonly port: number;
  /** PEM files, absolute: the certificate chain presented and its key, re-read when they change. */
  readonly certFile: string;
  readonly keyFile: string;
  /** PEM CA certificates a client's certificate must chain to (mutual TLS); null: none asked for. */
  readonly caFile: string | null;
  /** HL7_MLLP_TLS_ALLOW: the addresses the TLS port takes connections from; null: any. */
  readonly allow: BlockList | null;
}

/** Scheduled backups (decision FND-47): off without a folder. */
export interface BackupsConfig {
  /** CAREBOARD_BACKUP_DIR, resolved; null: no scheduled backups. */
  readonly dir: string | null;
  readonly everyHours: number;
  /** How many of the newest backups in the folder are kept. */
  readonly keep: number;
}

export interface StoreConfig {
  /** How long a query may wait for a connection, and a statement run, before 503 (decision FND-20). */
  readonly databaseTimeoutMs: number;
  /** How long change_log rows are kept (decision LIVE-13). */
  readonly changeLogRetentionHours: number;
}

export interface HttpConfig {
  /**
   * Proxies whose X-Forwarded-* headers count (addresses, CIDR ranges, `loopback`…); empty: none,
   * the socket's address is the client's (decision FND-24).
   */
  readonly trustedProxies: readonly string[];
  /** Headers and body of a request must arrive within this; headers within 10 s at most (FND-25). */
  readonly requestTimeoutSec: number;
  /** Open connections one client address may hold, WebSocket upgrades included (FND-25). */
  readonly connectionsPerAddress: number;
}

export interface LiveConfig {
  /**
   * Live connections (GraphQL and sockets, each counted apart) one address may open per minute.
   * Boards behind one NAT share an address; a load test from one machine needs far more.
   */
  readonly connectionsPerMinutePerAddress: number;
  /** GraphQL introspection (`__schema`, `__type`): off unless asked for, in development (decision LIVE-14). */
  readonly introspection: boolean;
}

export interface IdentityConfig {
  /** The embedded provider runs when AUTH_DOMAIN is this server; otherwise tokens come from that issuer. */
  readonly embedded: boolean;
  /** The issuer tokens must carry: AUTH_DOMAIN (with or without a trailing slash, as Auth0 writes it). */
  readonly issuer: string;
  readonly audience: string;
  readonly webClientId: string;
  /** The board app's origin: allowed to call the token and device endpoints (CORS). */
  readonly boardOrigin: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
  readonly deviceCodeTtlSec: number;
  readonly accessTokenTtlSec: number;
  readonly secureCookies: boolean;
}

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      `Careboard cannot start: the environment is not valid.\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const DEFAULT_PORT = 8080;
/** Where a demo listens unless HOST says otherwise: this machine only (FND-38). */
export const DEMO_HOST = '127.0.0.1';
const DEFAULT_BOARD_DIR = path.join(APPS_DIR, 'board', 'dist');
const DEFAULT_CONSOLE_DIR = path.join(APPS_DIR, 'console', 'dist');

/** Where the server mounts its REST API; API_URL defaults to PUBLIC_URL plus this (decision FND-03). */
export const API_PREFIX = '/api';
/** Where the SCIM 2.0 service provider answers a hospital's directory (RFC 7644; decision IDN-30). */
export const SCIM_PREFIX = '/scim/v2';
export const GRAPHQL_PATH = '/graphql';

/**
 * Reads the environment once: every missing or invalid variable is listed in
 * one ConfigError; the result is frozen. No other module reads process.env.
 */
export function loadConfig(
  environment: Readonly<Record<string, string | undefined>>,
  cwd = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const problems = dependencyProblems(parsed.data);
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(fromEnv(parsed.data, cwd));
}

/** What one variable needs of another: each valid alone, not together. */
function dependencyProblems(env: Env): string[] {
  const problems: string[] = [];
  // Socket broadcasts cross the cluster's processes through Redis only (LIVE-21).
  if ((env.CAREBOARD_NODES ?? 1) > 1 && !env.REDIS_URL)
    problems.push(
      'CAREBOARD_NODES: more than 1 needs REDIS_URL (socket broadcasts cross processes through Redis)',
    );
  // HTTPS needs both files: a certificate without its key (or the other way round) cannot serve (FND-44).
  if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE))
    problems.push(
      env.TLS_CERT_FILE
        ? 'TLS_KEY_FILE: TLS_CERT_FILE needs it (the private key of that certificate, PEM)'
        : 'TLS_CERT_FILE: TLS_KEY_FILE needs it (the certificate chain the server presents, PEM)',
    );
  // A TLS port without its certificate and key could only refuse every handshake (FEED-66).
  if (env.HL7_MLLP_TLS_PORT !== undefined) {
    if (!env.HL7_MLLP_TLS_CERT_FILE)
      problems.push(
        'HL7_MLLP_TLS_CERT_FILE: HL7_MLLP_TLS_PORT needs it (the certificate chain the listener presents, PEM)',
      );
    if (!env.HL7_MLLP_TLS_KEY_FILE)
      problems.push(
        'HL7_MLLP_TLS_KEY_FILE: HL7_MLLP_TLS_PORT needs it (the private key of that certificate, PEM)',
      );
    if (env.HL7_MLLP_TLS_PORT !== 0 && env.HL7_MLLP_TLS_PORT === env.HL7_MLLP_PORT)
      problems.push(
        'HL7_MLLP_TLS_PORT: must differ from HL7_MLLP_PORT (plain MLLP and MLLP over TLS each have a port)',
      );
  }
  // A CA for a plain TCP receiver would be ignored, and the operator may believe it is TLS (BOF-57).
  if (env.AUDIT_SYSLOG_CA_FILE && !env.AUDIT_SYSLOG_URL?.startsWith('tls:'))
    problems.push('AUDIT_SYSLOG_CA_FILE: needs AUDIT_SYSLOG_URL to be tls://host:port');
  return problems;
}

function auditSyslogFromEnv(env: Env, cwd: string): AuditSyslogConfig | null {
  if (!env.AUDIT_SYSLOG_URL) return null;
  const url = new URL(env.AUDIT_SYSLOG_URL);
  return Object.freeze({
    destination: `${url.protocol}//${url.host}`,
    // An IPv6 address is written in brackets in a URL, without them to connect.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port),
    tls: url.protocol === 'tls:',
    caFile: env.AUDIT_SYSLOG_CA_FILE ? path.resolve(cwd, env.AUDIT_SYSLOG_CA_FILE) : null,
  });
}

/** The TLS listener's settings, or null when HL7_MLLP_TLS_PORT is unset (dependencyProblems checked the rest). */
function mllpTlsFromEnv(env: Env, cwd: string): MllpTlsConfig | null {
  const { HL7_MLLP_TLS_PORT: port, HL7_MLLP_TLS_CERT_FILE: certFile, HL7_MLLP_TLS_KEY_FILE: keyFile } = env;
  if (port === undefined || !certFile || !keyFile) return null;
  return Object.freeze({
    port,
    certFile: path.resolve(cwd, certFile),
    keyFile: path.resolve(cwd, keyFile),
    caFile: env.HL7_MLLP_TLS_CA_FILE ? path.resolve(cwd, env.HL7_MLLP_TLS_CA_FILE) : null,
    allow: env.HL7_MLLP_TLS_ALLOW ?? null,
  });
}

function fromEnv(env: Env, cwd: string): Config {
  const port = env.PORT ?? DEFAULT_PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const demo = env.CAREBOARD_DEMO ?? true;
  const runtime = Object.freeze(runtimeFromEnv(env, publicUrl, demo));
  return {
    port,
    host: env.HOST ?? (demo ? DEMO_HOST : '0.0.0.0'),
    hostSet: env.HOST !== undefined,
    publicUrl,
    tls:
      env.TLS_CERT_FILE && env.TLS_KEY_FILE
        ? Object.freeze({
            certFile: path.resolve(cwd, env.TLS_CERT_FILE),
            keyFile: path.resolve(cwd, env.TLS_KEY_FILE),
          })
        : null,
    http: Object.freeze({
      trustedProxies: Object.freeze(env.TRUSTED_PROXIES ?? []),
      requestTimeoutSec: env.CAREBOARD_REQUEST_TIMEOUT_SEC ?? 20,
      connectionsPerAddress: env.CAREBOARD_CONNECTIONS_PER_ADDRESS ?? 64,
    }),
    dataDir: path.resolve(cwd, env.CAREBOARD_DATA_DIR ?? 'data'),
    boardDir: env.CAREBOARD_BOARD_DIR ? path.resolve(cwd, env.CAREBOARD_BOARD_DIR) : DEFAULT_BOARD_DIR,
    consoleDir: env.CAREBOARD_CONSOLE_DIR
      ? path.resolve(cwd, env.CAREBOARD_CONSOLE_DIR)
      : DEFAULT_CONSOLE_DIR,
    databaseUrl: env.DATABASE_URL ?? null,
    redisUrl: env.REDIS_URL ?? null,
    store: Object.freeze({
      databaseTimeoutMs: env.DATABASE_TIMEOUT_MS ?? 5_000,
      changeLogRetentionHours: env.CAREBOARD_CHANGE_LOG_RETENTION_HOURS ?? 24,
    }),
    backups: Object.freeze({
      dir: env.CAREBOARD_BACKUP_DIR ? path.resolve(cwd, env.CAREBOARD_BACKUP_DIR) : null,
      everyHours: env.CAREBOARD_BACKUP_EVERY_HOURS ?? 24,
      keep: env.CAREBOARD_BACKUP_KEEP ?? 7,
    }),
    demo,
    simulatorRate: demo ? (env.CAREBOARD_SIMULATOR_RATE ?? 1) : 0,
    logLevel: env.LOG_LEVEL ?? 'info',
    runtime,
    identity: Object.freeze(identityFromEnv(env, publicUrl, runtime)),
    live: Object.freeze({
      connectionsPerMinutePerAddress: env.CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE ?? 60,
      introspection: env.CAREBOARD_GRAPHQL_INTROSPECTION ?? false,
    }),
    feeds: Object.freeze({
      hl7MllpPort: env.HL7_MLLP_PORT ?? null,
      hl7MllpAllow: env.HL7_MLLP_ALLOW ?? null,
      hl7MllpTls: mllpTlsFromEnv(env, cwd),
      hl7Mllp: Object.freeze({
        idleTimeoutSec: env.HL7_MLLP_IDLE_TIMEOUT_SEC ?? 86_400,
        frameTimeoutSec: env.HL7_MLLP_FRAME_TIMEOUT_SEC ?? 30,
        connectionsPerAddress: env.HL7_MLLP_CONNECTIONS_PER_ADDRESS ?? 8,
        connections: env.HL7_MLLP_CONNECTIONS ?? 128,
        maxFrameBytes: env.HL7_MLLP_MAX_FRAME_BYTES ?? 4 * 1024 * 1024,
      }),
      mqttUrl: env.MQTT_URL ?? null,
      mqttTopic: env.MQTT_TOPIC ?? 'careboard/+/sightings',
      mqttHere: (env.CAREBOARD_NODE_INDEX ?? 0) === 0 || (env.MQTT_TOPIC ?? '').startsWith('$share/'),
    }),
    nodes: Object.freeze({
      count: env.CAREBOARD_NODES ?? 1,
      index: env.CAREBOARD_NODE_INDEX ?? 0,
      machine: env.CAREBOARD_NODE_NAME ?? hostname(),
    }),
    auditSyslog: auditSyslogFromEnv(env, cwd),
  };
}

function identityFromEnv(env: Env, publicUrl: string, runtime: RuntimeConfig): IdentityConfig {
  const issuer = runtime.AUTH_DOMAIN.replace(/\/+$/, '');
  return {
    embedded: issuer === publicUrl,
    issuer,
    audience: runtime.AUTH_AUDIENCE,
    webClientId: runtime.AUTH_CLIENT_ID,
    boardOrigin: new URL(publicUrl).origin,
    // The one web client serves both apps: the console signs in and out under /console (CON-01).
    redirectUris: Object.freeze([`${publicUrl}/auth/callback`, `${publicUrl}/console/callback`]),
    postLogoutRedirectUris: Object.freeze([
      ...new Set([runtime.LOGOUT_CALLBACK_URL, `${publicUrl}/`, `${publicUrl}/console/`]),
    ]),
    deviceCodeTtlSec: env.CAREBOARD_DEVICE_CODE_TTL_SEC ?? 600,
    accessTokenTtlSec: env.CAREBOARD_ACCESS_TOKEN_TTL_SEC ?? 600,
    secureCookies: publicUrl.startsWith('https:'),
  };
}

function runtimeFromEnv(env: Env, publicUrl: string, demo: boolean): RuntimeConfig {
  const api = `${publicUrl}${API_PREFIX}`;
  return {
    API_URL: env.API_URL ?? api,
    SECURABLE_API_URL: env.SECURABLE_API_URL ?? `${api}/securable`,
    EXPORT_API_URL: env.EXPORT_API_URL ?? `${api}/export`,
    GRAPHQL_URL: env.GRAPHQL_URL ?? `${publicUrl.replace(/^http/, 'ws')}${GRAPHQL_PATH}`,
    SOCKETS_URL: env.SOCKETS_URL ?? publicUrl,
    AUTH_DOMAIN: env.AUTH_DOMAIN ?? publicUrl,
    AUTH_AUDIENCE: env.AUTH_AUDIENCE ?? api,
    AUTH_CLIENT_ID: env.AUTH_CLIENT_ID ?? 'careboard-board',
    REFRESH_TOKEN_IN_ADVANCE_SEC: env.REFRESH_TOKEN_IN_ADVANCE_SEC ?? 60,
    CHECK_RELEASE_AFTER_SEC: env.CHECK_RELEASE_AFTER_SEC ?? 300,
    LOGOUT_CALLBACK_URL: env.LOGOUT_CALLBACK_URL ?? `${publicUrl}/`,
    ERROR_REPORTING_KEY: env.ERROR_REPORTING_KEY ?? null,
    CUSTOMER_ID: env.CUSTOMER_ID ?? (demo ? 'demo' : null), // decision FND-05
  };
}
