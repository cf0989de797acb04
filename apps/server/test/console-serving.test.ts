import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A built console, as `vite build` lays it out (index.html, hashed assets), in a
 * folder beside a file it must never serve.
 */
function writeConsoleBuild(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'careboard-console-'));
  writeFileSync(path.join(parent, 'secret.js'), 'the secret beside the build');
  const dir = path.join(parent, 'dist');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Careboard test console</title>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("console");');
  return parent;
}

let consoleParent: string;
let consoleDir: string;
let emptyDir: string;
let server: TestServer;
let unbuilt: TestServer;
beforeAll(async () => {
  consoleParent = writeConsoleBuild();
  consoleDir = path.join(consoleParent, 'dist');
  emptyDir = mkdtempSync(path.join(tmpdir(), 'careboard-console-unbuilt-'));
  [server, unbuilt] = await Promise.all([
    startTestServer({ env: { CAREBOARD_CONSOLE_DIR: consoleDir } }),
    startTestServer({ env: { CAREBOARD_CONSOLE_DIR: emptyDir } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), unbuilt?.close()]);
  rmSync(consoleParent, { recursive: true, force: true });
  rmSync(emptyDir, { recursive: true, force: true });
});

const get = (base: TestServer, pathname: string) => fetch(`${base.baseUrl}${pathname}`);

describe('the console at /console', () => {
  it("answers /console/ and /console with the console's index.html, never cached", async () => {
    for (const pathname of ['/console/', '/console']) {
      const response = await get(server, pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), pathname).toBe('no-store');
      expect(await response.text(), pathname).toContain('Careboard test console');
    }
  });

  it('answers a deep link without an extension with index.html, so the console routes itself', async () => {
    for (const pathname of [
      '/console/boards',
      '/console/care-setting/sites?page=2',
      '/console/callback?code=x',
    ]) {
      const response = await get(server, pathname);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toContain('Careboard test console');
    }
  });

  it('serves its built files, hashed assets cached for a year', async () => {
    const response = await get(server, '/console/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("console");');
  });

  it('answers a missing asset with 404 and the catalogue envelope, not a page', async () => {
    const response = await get(server, '/console/assets/nope.js');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      params: { method: 'GET', path: '/console/assets/nope.js' },
      message: 'There is no GET /console/assets/nope.js.',
    });
  });

  it('never serves a file from outside its build', async () => {
    for (const pathname of [
      '/console/..%2fsecret.js',
      '/console/%2e%2e/secret.js',
      '/console/assets/..%2f..%2fsecret.js',
      '/console/assets/%2e%2e%2f%2e%2e%2fsecret.js',
    ]) {
      const response = await get(server, pathname);
      expect(response.status, pathname).toBeGreaterThanOrEqual(400);
      expect(response.status, pathname).toBeLessThan(500);
      expect(await response.text(), pathname).not.toContain('the secret beside the build');
    }
    // Without an extension a path is the console's own route: index.html, whatever it names.
    const routed = await get(server, '/console/..%2f..%2f..%2fetc%2fpasswd');
    expect(await routed.text()).toContain('Careboard test console');
  });

  it('gets the security headers the board gets', async () => {
    for (const pathname of ['/console/', '/console/boards', '/console/assets/index-abc123.js']) {
      const response = await get(server, pathname);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, pathname).toContain("default-src 'self'");
      expect(csp, pathname).toContain("frame-ancestors 'self'");
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
    }
  });

  it('leaves / and the board routes to the board', async () => {
    for (const pathname of ['/', '/workflow?id=1', '/consoles', '/console-like']) {
      const response = await get(server, pathname);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toContain('Careboard test board');
    }
  });

  it('lets the web client sign in and out at the console', () => {
    expect(server.config.identity.redirectUris).toEqual([
      `${server.baseUrl}/auth/callback`,
      `${server.baseUrl}/console/callback`,
    ]);
    expect(server.config.identity.postLogoutRedirectUris).toContain(`${server.baseUrl}/console/`);
    expect(server.config.identity.postLogoutRedirectUris).toContain(`${server.baseUrl}/`);
  });
});

describe('the console when it is not built', () => {
  it('answers its paths with 404, never the board', async () => {
    for (const pathname of ['/console', '/console/', '/console/boards']) {
      const response = await get(unbuilt, pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.json(), pathname).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
    expect(await (await get(unbuilt, '/')).text()).toContain('Careboard test board');
  });
});
