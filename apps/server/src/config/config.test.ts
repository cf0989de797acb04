import { hostname } from 'node:os';
import path from 'node:path';
import { runtimeConfigKeys, runtimeConfigSchema } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('derives every default from PORT and PUBLIC_URL', () => {
    const config = loadConfig({}, '/srv/careboard');
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve('/srv/careboard', 'data'));
    expect(config.databaseUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.demo).toBe(true);
    expect(config.runtime.API_URL).toBe('http://localhost:8080/api');
    expect(config.runtime.GRAPHQL_URL).toBe('ws://localhost:8080/graphql');
    expect(config.runtime.CUSTOMER_ID).toBe('demo');
  });

  it('holds every runtime-config key, valid against the shared schema', () => {
    const { runtime } = loadConfig({ PUBLIC_URL: 'https://boards.example.org/' });
    expect(Object.keys(runtime).sort()).toEqual([...runtimeConfigKeys].sort());
    expect(runtimeConfigSchema.parse(runtime)).toEqual(runtime);
    expect(runtime.GRAPHQL_URL).toBe('wss://boards.example.org/graphql');
    expect(runtime.LOGOUT_CALLBACK_URL).toBe('https://boards.example.org/');
  });

  it('lets each runtime-config key be overridden by the variable of the same name', () => {
    const config = loadConfig({
      AUTH_DOMAIN: 'https://tenant.eu.auth0.com',
      AUTH_AUDIENCE: 'https://api.example.org',
      REFRESH_TOKEN_IN_ADVANCE_SEC: '120',
      CUSTOMER_ID: 'st-marys',
      ERROR_REPORTING_KEY: 'abc',
    });
    expect(config.runtime.AUTH_DOMAIN).toBe('https://tenant.eu.auth0.com');
    expect(config.runtime.AUTH_AUDIENCE).toBe('https://api.example.org');
    expect(config.runtime.REFRESH_TOKEN_IN_ADVANCE_SEC).toBe(120);
    expect(config.runtime.CUSTOMER_ID).toBe('st-marys');
    expect(config.runtime.ERROR_REPORTING_KEY).toBe('abc');
  });

  it('turns demo mode off, and with it the default customer', () => {
    const config = loadConfig({ CAREBOARD_DEMO: 'off' });
    expect(config.demo).toBe(false);
    expect(config.runtime.CUSTOMER_ID).toBeNull();
  });

  it('listens on loopback only with demo data unless HOST says otherwise, and on every interface without (FND-38)', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', hostSet: false });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostSet: true });
    expect(loadConfig({ CAREBOARD_DEMO: 'off' })).toMatchObject({ host: '0.0.0.0', hostSet: false });
    expect(loadConfig({ CAREBOARD_DEMO: 'off', HOST: '10.0.0.5' })).toMatchObject({
      host: '10.0.0.5',
      hostSet: true,
    });
  });

  it('lists every invalid variable in one error, by name', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'not a url',
      CAREBOARD_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/^PORT: /m);
    expect(problems.join('\n')).toMatch(/^DATABASE_URL: /m);
    expect(problems.join('\n')).toMatch(/^CAREBOARD_DEMO: /m);
    expect(problems.join('\n')).toMatch(/^LOG_LEVEL: /m);
  });

  it('rejects a port out of range and a database URL of another protocol', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: must be a whole number/);
    expect(problemsOf({ DATABASE_URL: 'mysql://u:p@db/x' })[0]).toMatch(
      /^DATABASE_URL: must be a PostgreSQL address/,
    );
  });

  it('never echoes a URL that may hold a password', () => {
    const error = (() => {
      try {
        loadConfig({ DATABASE_URL: 'postgres//admin:s3cret-pass@db' });
      } catch (e) {
        return e as Error;
      }
      return new Error('no error');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).not.toContain('s3cret-pass');
  });

  it('trusts no proxy by default, an https PUBLIC_URL included (FND-24), and reads a list of them', () => {
    const https = loadConfig({ PUBLIC_URL: 'https://boards.example.org' });
    expect(https.http.trustedProxies).toEqual([]);
    expect(https.identity.secureCookies).toBe(true);
    expect(loadConfig({ TRUSTED_PROXIES: ' loopback, 10.0.0.0/8 ,192.0.2.1' }).http.trustedProxies).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.1',
    ]);
    expect(problemsOf({ TRUSTED_PROXIES: 'proxy.example.org' })[0]).toMatch(/^TRUSTED_PROXIES: /);
    expect(problemsOf({ TRUSTED_PROXIES: '10.0.0.0/99' })[0]).toMatch(/^TRUSTED_PROXIES: /);
  });

  it('limits requests and connections (FND-25)', () => {
    expect(loadConfig({}).http).toMatchObject({ requestTimeoutSec: 20, connectionsPerAddress: 64 });
    expect(
      loadConfig({ CAREBOARD_REQUEST_TIMEOUT_SEC: '2', CAREBOARD_CONNECTIONS_PER_ADDRESS: '5000' }).http,
    ).toMatchObject({ requestTimeoutSec: 2, connectionsPerAddress: 5000 });
    expect(
      problemsOf({ CAREBOARD_REQUEST_TIMEOUT_SEC: '0', CAREBOARD_CONNECTIONS_PER_ADDRESS: '0' }),
    ).toHaveLength(2);
  });

  it('freezes the result', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.runtime)).toBe(true);
  });

  it('speaks HTTPS with TLS_CERT_FILE and TLS_KEY_FILE, both or neither, resolved from the working directory (FND-44)', () => {
    expect(loadConfig({}).tls).toBeNull();
    expect(
      loadConfig({ TLS_CERT_FILE: 'tls/cert.pem', TLS_KEY_FILE: '/etc/key.pem' }, '/srv/careboard').tls,
    ).toEqual({
      certFile: '/srv/careboard/tls/cert.pem',
      keyFile: '/etc/key.pem',
    });
    expect(problemsOf({ TLS_CERT_FILE: 'cert.pem' })).toEqual([
      'TLS_KEY_FILE: TLS_CERT_FILE needs it (the private key of that certificate, PEM)',
    ]);
    expect(problemsOf({ TLS_KEY_FILE: 'key.pem' })).toEqual([
      'TLS_CERT_FILE: TLS_KEY_FILE needs it (the certificate chain the server presents, PEM)',
    ]);
  });

  it('runs one process unless CAREBOARD_NODES asks for more, which needs REDIS_URL', () => {
    expect(loadConfig({}).nodes).toEqual({ count: 1, index: 0, machine: hostname() });
    expect(problemsOf({ CAREBOARD_NODES: '2' })).toEqual([
      'CAREBOARD_NODES: more than 1 needs REDIS_URL (socket broadcasts cross processes through Redis)',
    ]);
    expect(problemsOf({ CAREBOARD_NODES: '0' })[0]).toMatch(
      /^CAREBOARD_NODES: must be a whole number from 1 to 64/,
    );
    const second = loadConfig({
      CAREBOARD_NODES: '2',
      CAREBOARD_NODE_INDEX: '1',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(second.nodes).toEqual({ count: 2, index: 1, machine: hostname() });
  });

  it('names the machine in the presence leases by CAREBOARD_NODE_NAME, else its host name (LIVE-54)', () => {
    expect(loadConfig({ CAREBOARD_NODE_NAME: ' ward-7 ' }).nodes.machine).toBe('ward-7');
    expect(problemsOf({ CAREBOARD_NODE_NAME: 'x'.repeat(201) })).toEqual([
      'CAREBOARD_NODE_NAME: must be a name of 1 to 200 characters',
    ]);
  });

  it('subscribes to MQTT in the first process only, unless the subscription is shared', () => {
    const env = {
      CAREBOARD_NODES: '2',
      REDIS_URL: 'redis://127.0.0.1:6379',
      MQTT_URL: 'mqtt://127.0.0.1:1883',
    };
    expect(loadConfig({ ...env, CAREBOARD_NODE_INDEX: '0' }).feeds.mqttHere).toBe(true);
    expect(loadConfig({ ...env, CAREBOARD_NODE_INDEX: '1' }).feeds.mqttHere).toBe(false);
    const shared = {
      ...env,
      CAREBOARD_NODE_INDEX: '1',
      MQTT_TOPIC: '$share/careboard/careboard/+/sightings',
    };
    expect(loadConfig(shared).feeds.mqttHere).toBe(true);
  });

  it('reads the SIEM receiver of the audit stream, and refuses one without a port or a CA without TLS', () => {
    expect(loadConfig({}).auditSyslog).toBeNull();
    expect(
      loadConfig({ AUDIT_SYSLOG_URL: 'tls://[::1]:6514', AUDIT_SYSLOG_CA_FILE: 'ca.pem' }, '/srv')
        .auditSyslog,
    ).toEqual({ destination: 'tls://[::1]:6514', host: '::1', port: 6514, tls: true, caFile: '/srv/ca.pem' });
    const message = 'must be a syslog receiver with its port (tcp://host:port or tls://host:port)';
    expect(problemsOf({ AUDIT_SYSLOG_URL: 'tcp://siem.example' })).toEqual([`AUDIT_SYSLOG_URL: ${message}`]);
    expect(problemsOf({ AUDIT_SYSLOG_URL: 'udp://siem.example:514' })[0]).toContain('AUDIT_SYSLOG_URL');
    expect(
      problemsOf({ AUDIT_SYSLOG_URL: 'tcp://siem.example:514', AUDIT_SYSLOG_CA_FILE: 'ca.pem' }),
    ).toEqual(['AUDIT_SYSLOG_CA_FILE: needs AUDIT_SYSLOG_URL to be tls://host:port']);
  });
});
