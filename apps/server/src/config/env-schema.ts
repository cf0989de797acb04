import { BlockList, isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const unset = (value: string | undefined) => value === undefined || value.trim() === '';

/** An optional variable: empty counts as unset. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (unset(value as string | undefined) ? undefined : value), schema.optional());
}

const port = z.coerce
  .number({ error: 'must be a whole number from 0 to 65535' })
  .int('must be a whole number from 0 to 65535')
  .min(0, 'must be a whole number from 0 to 65535')
  .max(65535, 'must be a whole number from 0 to 65535');

/** URL checks never echo the value: a database or Redis URL may hold a password. */
function urlWithProtocols(protocols: readonly string[], what: string) {
  return z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: `must be ${what} (${protocols.map((p) => `${p}//`).join(' or ')})` },
  );
}

/** A SIEM's syslog receiver: `tcp://host:port` or `tls://host:port`, the port given (no default port is safe to guess). */
const syslogUrl = urlWithProtocols(['tcp:', 'tls:'], 'a syslog receiver with its port').refine(
  (value) => {
    const url = new URL(value);
    return url.port !== '' && url.username === '' && (url.pathname === '' || url.pathname === '/');
  },
  { error: 'must be a syslog receiver with its port (tcp://host:port or tls://host:port)' },
);

const httpUrl = urlWithProtocols(['http:', 'https:'], 'an http(s) address');
const wsUrl = urlWithProtocols(['ws:', 'wss:'], 'a websocket address');

const toggle = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => ['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'].includes(value), {
    error: 'must be on or off',
  })
  .transform((value) => ['on', 'true', '1', 'yes'].includes(value));

/** Addresses or CIDR ranges, comma-separated, or proxy-addr's names (`loopback`…); as proxy-addr compiles them. */
const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (entries) => {
      try {
        proxyAddr.compile(entries);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must be addresses or CIDR ranges separated by commas, or loopback, linklocal, uniquelocal' },
  );

/** Adds `10.1.2.0/24`, `10.1.2.7` or `fd00::/8` to the list; false when the text is none of these. */
function addRange(list: BlockList, text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  try {
    if (prefix === undefined) list.addAddress(address, family);
    else if (/^\d{1,3}$/.test(prefix)) list.addSubnet(address, Number(prefix), family);
    else return false;
    return true;
  } catch {
    // BlockList refuses a prefix longer than the family's (ERR_OUT_OF_RANGE).
    return false;
  }
}

/**
 * Addresses and CIDR ranges, IPv4 or IPv6, comma-separated, into one BlockList (decision FEED-66);
 * an IPv4-mapped IPv6 address is checked against the IPv4 ranges. The same syntax and arithmetic
 * as a facility's sender addresses (domain/adt-senders.ts, FEED-52), written again here because
 * config/ imports no other layer (FND-40). Each entry that is not one is named in the error.
 */
const addressRanges = z.string().transform((value, context) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    if (!addRange(list, entry)) {
      context.addIssue({ code: 'custom', message: `${entry} is not an address or a CIDR range` });
    }
  }
  if (entries.length === 0) {
    context.addIssue({ code: 'custom', message: 'must be addresses or CIDR ranges separated by commas' });
  }
  return list;
});

const count = (max: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${max}` })
    .int(`must be a whole number from 1 to ${max}`)
    .min(1, `must be a whole number from 1 to ${max}`)
    .max(max, `must be a whole number from 1 to ${max}`);

const seconds = (min: number) =>
  z.coerce
    .number({ error: `must be a whole number of seconds, at least ${min}` })
    .int(`must be a whole number of seconds, at least ${min}`)
    .min(min, `must be a whole number of seconds, at least ${min}`);

/** Every environment variable the server reads, in one place (decisions FND-40, FND-19). */
export const envSchema = z.object({
  PORT: optional(port),
  HOST: optional(z.string().min(1)),
  PUBLIC_URL: optional(httpUrl),
  // HTTPS on PORT (FND-44): the certificate chain and its key, PEM, both or neither; re-read on SIGHUP.
  TLS_CERT_FILE: optional(z.string().min(1)),
  TLS_KEY_FILE: optional(z.string().min(1)),
  TRUSTED_PROXIES: optional(proxyList),
  CAREBOARD_REQUEST_TIMEOUT_SEC: optional(
    seconds(1).max(600, 'must be a whole number of seconds from 1 to 600'),
  ),
  CAREBOARD_CONNECTIONS_PER_ADDRESS: optional(count(1_000_000)),
  CAREBOARD_DATA_DIR: optional(z.string().min(1)),
  CAREBOARD_BOARD_DIR: optional(z.string().min(1)),
  CAREBOARD_CONSOLE_DIR: optional(z.string().min(1)),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'a PostgreSQL address')),
  REDIS_URL: optional(urlWithProtocols(['redis:', 'rediss:'], 'a Redis address')),
  DATABASE_TIMEOUT_MS: optional(
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 500 to 600000' })
      .int('must be a whole number of milliseconds from 500 to 600000')
      .min(500, 'must be a whole number of milliseconds from 500 to 600000')
      .max(600_000, 'must be a whole number of milliseconds from 500 to 600000'),
  ),
  CAREBOARD_CHANGE_LOG_RETENTION_HOURS: optional(
    z.coerce
      .number({ error: 'must be a number of hours from 0.01 to 8760' })
      .min(0.01, 'must be a number of hours from 0.01 to 8760')
      .max(8760, 'must be a number of hours from 0.01 to 8760'),
  ),
  // Scheduled backups (FND-47): where, how often, how many kept.
  CAREBOARD_BACKUP_DIR: optional(z.string().min(1)),
  CAREBOARD_BACKUP_EVERY_HOURS: optional(
    z.coerce
      .number({ error: 'must be a number of hours from 0.01 to 8760' })
      .min(0.01, 'must be a number of hours from 0.01 to 8760')
      .max(8760, 'must be a number of hours from 0.01 to 8760'),
  ),
  CAREBOARD_BACKUP_KEEP: optional(count(10_000)),
  CAREBOARD_DEMO: optional(toggle),
  CAREBOARD_SIMULATOR_RATE: optional(
    z.coerce
      .number({ error: 'must be a number from 0 (off) to 1000' })
      .min(0, 'must be a number from 0 (off) to 1000')
      .max(1000, 'must be a number from 0 (off) to 1000'),
  ),
  CAREBOARD_DEVICE_CODE_TTL_SEC: optional(seconds(5)),
  CAREBOARD_ACCESS_TOKEN_TTL_SEC: optional(seconds(30)),
  CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE: optional(
    z.coerce
      .number({ error: 'must be a whole number from 1 to 1000000' })
      .int('must be a whole number from 1 to 1000000')
      .min(1, 'must be a whole number from 1 to 1000000')
      .max(1_000_000, 'must be a whole number from 1 to 1000000'),
  ),
  CAREBOARD_GRAPHQL_INTROSPECTION: optional(toggle),
  // Server processes on this machine, on one port (Node's cluster, decision LIVE-21); the index is
  // set by the first process for each of the others, not by an operator.
  CAREBOARD_NODES: optional(count(64)),
  // The machine's name in the presence leases (LIVE-54); its host name when unset.
  CAREBOARD_NODE_NAME: optional(
    z
      .string()
      .trim()
      .min(1, 'must be a name of 1 to 200 characters')
      .max(200, 'must be a name of 1 to 200 characters'),
  ),
  CAREBOARD_NODE_INDEX: optional(
    z.coerce
      .number({ error: 'must be a whole number from 0 to 63' })
      .int('must be a whole number from 0 to 63')
      .min(0, 'must be a whole number from 0 to 63')
      .max(63, 'must be a whole number from 0 to 63'),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  // Runtime config served at /config.json; each overrides a default derived from PUBLIC_URL.
  API_URL: optional(httpUrl),
  SECURABLE_API_URL: optional(httpUrl),
  EXPORT_API_URL: optional(httpUrl),
  GRAPHQL_URL: optional(wsUrl),
  SOCKETS_URL: optional(httpUrl),
  AUTH_DOMAIN: optional(httpUrl),
  AUTH_AUDIENCE: optional(z.string().min(1)),
  AUTH_CLIENT_ID: optional(z.string().min(1).max(100)),
  REFRESH_TOKEN_IN_ADVANCE_SEC: optional(seconds(0)),
  CHECK_RELEASE_AFTER_SEC: optional(seconds(10)),
  LOGOUT_CALLBACK_URL: optional(httpUrl),
  ERROR_REPORTING_KEY: optional(z.string().min(1)),
  // Feeds (FEED-02): HL7 v2 ADT over MLLP on this port (off when unset); RTLS sightings from this broker.
  HL7_MLLP_PORT: optional(port),
  // What one MLLP sender may hold (decision FEED-54): idle and frame timeouts, connection caps.
  HL7_MLLP_IDLE_TIMEOUT_SEC: optional(
    seconds(1).max(604_800, 'must be a whole number of seconds from 1 to 604800'),
  ),
  HL7_MLLP_FRAME_TIMEOUT_SEC: optional(
    seconds(1).max(600, 'must be a whole number of seconds from 1 to 600'),
  ),
  HL7_MLLP_CONNECTIONS_PER_ADDRESS: optional(count(10_000)),
  HL7_MLLP_CONNECTIONS: optional(count(10_000)),
  // The largest frame read and answered (FEED-60): 4 MiB unless set, up to 64 MiB.
  HL7_MLLP_MAX_FRAME_BYTES: optional(
    count(64 * 1024 * 1024).min(64 * 1024, 'must be a whole number from 65536 to 67108864'),
  ),
  // Who may connect to the plain MLLP port (FEED-66): unset, any address (the facilities' sender
  // lists still apply, FEED-52).
  HL7_MLLP_ALLOW: optional(addressRanges),
  // MLLP over TLS on a port of its own (FEED-66), beside the plain port or instead of it: the
  // certificate chain and its key (PEM, both needed with the port, re-read when they change), and
  // a CA bundle that, when set, makes a client certificate from it required.
  HL7_MLLP_TLS_PORT: optional(port),
  HL7_MLLP_TLS_CERT_FILE: optional(z.string().min(1)),
  HL7_MLLP_TLS_KEY_FILE: optional(z.string().min(1)),
  HL7_MLLP_TLS_CA_FILE: optional(z.string().min(1)),
  HL7_MLLP_TLS_ALLOW: optional(addressRanges),
  MQTT_URL: optional(urlWithProtocols(['mqtt:', 'mqtts:', 'ws:', 'wss:'], 'an MQTT broker address')),
  MQTT_TOPIC: optional(
    z
      .string()
      .regex(/^[^#+]*\+[^#+]*$/, 'must hold one + where the customer id stands, e.g. careboard/+/sightings'),
  ),
  // Every audit event, of every customer, to a SIEM as RFC 5424 syslog over TCP, TLS optional
  // (BOF-57); a CA bundle for a SIEM whose certificate no public CA signed.
  AUDIT_SYSLOG_URL: optional(syslogUrl),
  AUDIT_SYSLOG_CA_FILE: optional(z.string().min(1)),
  CUSTOMER_ID: optional(z.string().regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'must be a customer id slug')),
});

export type Env = z.infer<typeof envSchema>;
export type LogLevel = (typeof LOG_LEVELS)[number];
