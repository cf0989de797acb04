import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { freePort } from '../../apps/server/src/store/free-port.ts';

/**
 * A real SAML 2.0 identity provider for the sign-in tests (decision IDN-23): Debian's SimpleSAMLphp
 * 1.19 under PHP's built-in server, on loopback, configured from nothing in a folder of its own
 * (toolchain.md, "An outside SAML 2.0 provider").
 */

const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';
/** Debian's configuration, which ours requires and then overrides. */
const DEBIAN_CONFIG = '/etc/simplesamlphp/config.php';
const OPENSSL = '/usr/bin/openssl';
const PHP = 'php';

const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const BASIC_NAME_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
/** How long a sign-in may take from the login button to the POST to the ACS (it takes about 0.5 s). */
const SIGN_IN_TIMEOUT_MS = 10_000;
/** The authentication source of authsources.php that signs people in. */
const AUTH_SOURCE = 'example-userpass';

export interface IdpUser {
  readonly username: string;
  readonly password: string;
  readonly email: string;
  readonly name: string;
  readonly groups: readonly string[];
}

interface ServiceProvider {
  readonly entityId: string;
  readonly acsUrl: string;
}

export interface SimpleSaml {
  readonly baseUrl: string;
  /** The IdP's SAML 2.0 metadata (saml2/idp/metadata.php). */
  readonly metadataUrl: string;
  readonly entityId: string;
  /** The IdP's signing key and certificate (PEM), made per start with openssl, so a test can re-sign a changed assertion. */
  readonly keyPem: string;
  readonly certPem: string;
  metadataXml(): Promise<string>;
  /** Rewrites authsources.php: the user's next sign-in carries these groups. */
  setGroups(username: string, groups: readonly string[]): Promise<void>;
  /** A person the IdP knows from now on (their NameID is their username). */
  addUser(user: IdpUser): Promise<void>;
  addServiceProvider(sp: ServiceProvider): Promise<void>;
  /** On SimpleSAMLphp's login page (where the SP redirected `page`): signs in and lets the browser POST back to the ACS. */
  signIn(page: Page, username: string, password: string): Promise<void>;
  stop(): Promise<void>;
}

/** A PHP literal of a string, boolean, list or string-keyed map (var_export's job, done on this side). */
function php(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(php).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${php(key)} => ${php(item)}`);
    return `[\n${entries.join(',\n')},\n]`;
  }
  throw new TypeError(`No PHP literal for ${String(value)}`);
}

function configPhp(dir: string, baseUrl: string): string {
  const overrides = {
    baseurlpath: baseUrl,
    certdir: `${dir}/cert/`,
    metadatadir: `${dir}/metadata/`,
    tempdir: `${dir}/tmp`,
    datadir: `${dir}/data/`,
    loggingdir: `${dir}/log/`,
    // To the built-in server's stderr, which the harness keeps for its error messages.
    'logging.handler': 'stderr',
    timezone: 'UTC',
    secretsalt: randomBytes(16).toString('hex'),
    'auth.adminpassword': randomBytes(16).toString('hex'),
    'enable.saml20-idp': true,
    'module.enable': { exampleauth: true, core: true, saml: true },
    // Plain http on loopback: a Secure cookie would never come back, and Chromium drops
    // SameSite=None without Secure (Debian's default is None when the browser allows it).
    'session.cookie.secure': false,
    'session.cookie.samesite': 'Lax',
    'session.phpsession.savepath': `${dir}/sessions`,
  };
  const lines = Object.entries(overrides).map(([key, value]) => `$config[${php(key)}] = ${php(value)};`);
  return `<?php\nrequire ${php(DEBIAN_CONFIG)};\n${lines.join('\n')}\n`;
}

function authsourcesPhp(users: ReadonlyMap<string, IdpUser>): string {
  // exampleauth keys each user by "username:password", cut at the first colon.
  const entries = [...users.values()].map((user) => {
    const attributes = {
      uid: [user.username],
      email: [user.email],
      name: [user.name],
      groups: [...user.groups],
    };
    return `${php(`${user.username}:${user.password}`)} => ${php(attributes)},`;
  });
  const source = [`${php('exampleauth:UserPass')},`, ...entries].join('\n');
  return `<?php\n$config = [\n'admin' => ['core:AdminPassword'],\n${php(AUTH_SOURCE)} => [\n${source}\n],\n];\n`;
}

/** NameID persistent and equal to the username, and attributes under their plain names. */
const NAME_ID_AND_ATTRIBUTES = {
  NameIDFormat: PERSISTENT,
  'simplesaml.nameidattribute': 'uid',
  'attributes.NameFormat': BASIC_NAME_FORMAT,
};

function idpHostedPhp(entityId: string): string {
  const idp = {
    host: '__DEFAULT__',
    privatekey: 'idp.key',
    certificate: 'idp.crt',
    auth: AUTH_SOURCE,
    'signature.algorithm': RSA_SHA256,
    ...NAME_ID_AND_ATTRIBUTES,
  };
  return `<?php\n$metadata[${php(entityId)}] = ${php(idp)};\n`;
}

function spRemotePhp(serviceProviders: readonly ServiceProvider[]): string {
  const lines = serviceProviders.map((sp) => {
    const remote = {
      AssertionConsumerService: [{ Binding: POST_BINDING, Location: sp.acsUrl }],
      'saml20.sign.response': true,
      'saml20.sign.assertion': true,
      ...NAME_ID_AND_ATTRIBUTES,
    };
    return `$metadata[${php(sp.entityId)}] = ${php(remote)};`;
  });
  return `<?php\n${lines.join('\n')}\n`;
}

/** A 2048-bit RSA key and a self-signed certificate for the IdP's signatures (node:crypto makes no certificates). */
async function makeSigningKey(certDir: string): Promise<void> {
  await promisify(execFile)(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-sha256',
    '-days',
    '2',
    '-subj',
    '/CN=careboard-test-simplesamlphp',
    '-keyout',
    path.join(certDir, 'idp.key'),
    '-out',
    path.join(certDir, 'idp.crt'),
  ]);
}

/** Writes a whole file in one step: PHP reads its configuration on every request. */
function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.new`, text);
  renameSync(`${file}.new`, file);
}

/** The last part of what the server wrote, for error messages. */
function outputTail(output: readonly string[]): string {
  return output.join('').slice(-4000);
}

async function untilServing(url: string, child: ChildProcess, output: readonly string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`SimpleSAMLphp's PHP server exited with ${child.exitCode}:\n${outputTail(output)}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
      if (response.status >= 500) {
        throw new Error(`SimpleSAMLphp answered ${response.status}:\n${await response.text()}`);
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('SimpleSAMLphp answered')) throw error;
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`SimpleSAMLphp did not answer in time:\n${outputTail(output)}`);
}

export async function startSimpleSaml(options: {
  readonly serviceProviders: readonly ServiceProvider[];
  readonly users: readonly IdpUser[];
}): Promise<SimpleSaml> {
  for (const user of options.users) {
    if (user.username.includes(':')) throw new Error(`An IdP username cannot hold a colon: ${user.username}`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-simplesamlphp-'));
  for (const sub of ['cert', 'metadata', 'tmp', 'data', 'log', 'sessions']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/`;
  const metadataUrl = `${baseUrl}saml2/idp/metadata.php`;
  // The metadata's address as the entity id, as SimpleSAMLphp names a hosted IdP by default.
  const entityId = metadataUrl;
  const users = new Map(options.users.map((user) => [user.username, user]));
  const serviceProviders = [...options.serviceProviders];

  const writeAuthsources = () => writeWhole(path.join(dir, 'authsources.php'), authsourcesPhp(users));
  const writeServiceProviders = () =>
    writeWhole(path.join(dir, 'metadata', 'saml20-sp-remote.php'), spRemotePhp(serviceProviders));

  let child: ChildProcess | undefined;
  const output: string[] = [];
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await makeSigningKey(path.join(dir, 'cert'));
    writeFileSync(path.join(dir, 'config.php'), configPhp(dir, baseUrl));
    writeAuthsources();
    writeFileSync(path.join(dir, 'metadata', 'saml20-idp-hosted.php'), idpHostedPhp(entityId));
    writeServiceProviders();
    // PHP's built-in server runs OPcache (opcache.enable_cli covers only `php` itself), which
    // looks at a file's time at most every 2 s: our configuration, rewritten during a test,
    // is kept out of it so that the next request reads it.
    writeFileSync(path.join(dir, 'opcache-blacklist.txt'), `${dir}/\n`);
    const phpOptions = ['-d', `opcache.blacklist_filename=${path.join(dir, 'opcache-blacklist.txt')}`];
    child = spawn(PHP, [...phpOptions, '-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
      env: { PATH: process.env.PATH ?? '', SIMPLESAMLPHP_CONFIG_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.splice(0, output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (error) => output.push(`\n${error.message}\n`));
    await untilServing(metadataUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }

  const idpOrigin = new URL(baseUrl).origin;
  return {
    baseUrl,
    metadataUrl,
    entityId,
    keyPem: readFileSync(path.join(dir, 'cert', 'idp.key'), 'utf8'),
    certPem: readFileSync(path.join(dir, 'cert', 'idp.crt'), 'utf8'),
    async metadataXml() {
      const response = await fetch(metadataUrl);
      if (!response.ok) throw new Error(`SimpleSAMLphp's metadata answered ${response.status}`);
      return response.text();
    },
    async setGroups(username, groups) {
      const user = users.get(username);
      if (!user) throw new Error(`No such IdP user: ${username}`);
      users.set(username, { ...user, groups: [...groups] });
      writeAuthsources();
    },
    async addUser(user) {
      if (user.username.includes(':'))
        throw new Error(`An IdP username cannot hold a colon: ${user.username}`);
      users.set(user.username, user);
      writeAuthsources();
    },
    async addServiceProvider(sp) {
      serviceProviders.push(sp);
      writeServiceProviders();
    },
    async signIn(page, username, password) {
      await page.locator('#username').fill(username);
      await page.locator('#password').fill(password);
      await page.locator('#submit_button').click();
      // Login → SSOService → a page whose script POSTs the response to the ACS, off the IdP; or
      // the login page again, with its error icon, for a wrong password.
      const settled = (promise: Promise<unknown>, as: 'left' | 'refused') =>
        promise.then(
          () => as,
          () => 'stuck' as const,
        );
      const outcome = await Promise.race([
        settled(
          page.waitForURL((url) => url.origin !== idpOrigin, { timeout: SIGN_IN_TIMEOUT_MS }),
          'left',
        ),
        settled(page.locator('img.erroricon').waitFor({ timeout: SIGN_IN_TIMEOUT_MS }), 'refused'),
      ]);
      if (outcome === 'left') return;
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      throw new Error(
        `SimpleSAMLphp ${outcome === 'refused' ? 'refused the sign-in' : 'kept the browser'} at ${page.url()}:\n${text.slice(0, 1000)}\n${outputTail(output)}`,
      );
    },
    stop,
  };
}
