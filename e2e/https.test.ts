/**
 * HTTPS (decisions FND-44, BRD-24, CON-70): with a self-signed certificate made here by openssl,
 * Chromium (told to trust it) activates a screen and shows a live board over https and wss; a board
 * or console opened over plain http on a name other than localhost says that HTTPS is required.
 *
 * The insecure origin is a name, `careboard-lan.test`, that Chromium resolves to 127.0.0.1
 * (--host-resolver-rules): whether a page is a secure context depends on its URL's host, not on
 * the address it resolves to, so this is the browser's view of a LAN address over http while
 * every packet stays on loopback (this workplace's tests send traffic to loopback only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/store/free-port.ts';
import { selfSignedCertificate } from '../apps/server/test/test-certificates.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { startE2eServer } from './e2e-server.ts';

const LAN_NAME = 'careboard-lan.test';
const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;

let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'careboard-e2e-https-'));
  browser = await launchBrowser([`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`]);
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('over HTTPS with a self-signed certificate (FND-44)', () => {
  let server: TestServer;

  beforeAll(async () => {
    const { certFile, keyFile } = selfSignedCertificate(dir, { commonName: 'careboard-e2e' });
    const port = await freePort();
    server = await startE2eServer(
      { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, PUBLIC_URL: `https://127.0.0.1:${port}` },
      { port },
    );
  });
  afterAll(() => server?.close());

  it('activates a screen by its code and shows the live board over https and wss', async () => {
    const screenContext = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      ignoreHTTPSErrors: true,
    });
    const page = await screenContext.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto(`${server.baseUrl}/?id=1&auth_flow=1`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    const text = page.getByText(ACTIVATE_TEXT);
    await text.waitFor({ timeout: 30_000 });
    const code = ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '';
    const link = (await page.locator(`a[href*="user_code=${code}"]`).first().getAttribute('href')) ?? '';
    expect(link).toBe(`${server.baseUrl}/activate?user_code=${code}`);
    await screenshot(page, 'https-device-code');

    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      ignoreHTTPSErrors: true,
    });
    const phone = await phoneContext.newPage();
    await phone.goto(link);
    await expect.poll(() => phone.getByText(code).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await phone.getByRole('button', { name: 'Confirm' }).click();
    await phone.getByLabel('Email').fill('admin@demo.test');
    await phone.getByLabel('Password').fill('careboard-demo');
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByText('Display activated').waitFor({ timeout: 15_000 });
    await phoneContext.close();

    await page.waitForURL(`${server.baseUrl}/workflow?id=1&auth_flow=1`, { timeout: 40_000 });
    await page.getByText('Day Surgery — Patient Flow').first().waitFor({ timeout: 15_000 });
    // The rows come over the live subscription only, and that went over wss.
    await page.locator('.workflow-row').first().waitFor({ timeout: 15_000 });
    expect(sockets.some((url) => url.startsWith(`wss://127.0.0.1:${server.config.port}/graphql`))).toBe(true);
    expect(sockets.every((url) => url.startsWith('wss://'))).toBe(true);
    await screenshot(page, 'https-live-board');
    await screenContext.close();
  });
});

describe('on an insecure origin (BRD-24, CON-70)', () => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://${LAN_NAME}:${port}`;
    server = await startE2eServer({ PUBLIC_URL: base }, { port });
  });
  afterAll(() => server?.close());

  const reports = () =>
    server.logs.filter(
      (line) =>
        line.msg === 'board reported an error' &&
        String((line.clientError as { message?: string } | undefined)?.message).includes('insecure origin'),
    );

  async function open(url: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }

  it('the board says HTTPS is required, with the https address, once in the server log', async () => {
    const page = await open(`${base}/?id=1&auth_flow=1`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await page.getByRole('heading', { name: 'HTTPS is required' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('There was an unexpected error.').count()).toBe(0);
    expect(await page.getByRole('link').getAttribute('href')).toBe(
      `https://${LAN_NAME}:${server.config.port}/?id=1&auth_flow=1`,
    );
    await expect.poll(() => reports().length, { timeout: 10_000 }).toBe(1);
    expect(reports()[0]).toMatchObject({
      clientError: { message: `board opened on an insecure origin (${base}): HTTPS is required` },
    });
    await screenshot(page, 'insecure-origin-board');
    await page.context().close();
  });

  it('the console says so too', async () => {
    const page = await open(`${base}/console/`);
    await page.getByRole('heading', { name: 'HTTPS is required' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link').getAttribute('href')).toBe(
      `https://${LAN_NAME}:${server.config.port}/console/`,
    );
    await expect.poll(() => reports().length, { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'insecure-origin-console');
    await page.context().close();
  });
});
