/**
 * Compression (decision FND-45): the built board and console go out as the `.br` or `.gz` their
 * build made, chosen by Accept-Encoding, with the same Cache-Control and Vary: Accept-Encoding; API
 * answers above 1 KB are compressed per request, smaller ones are not. Against the real builds
 * (`npm run build`, which `npm test` runs first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_ABOVE_BYTES } from '../src/http/compression.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const BOARD_DIST = fileURLToPath(new URL('../../board/dist', import.meta.url));
const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));

interface Raw {
  readonly status: number | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A request whose body is read as it came over the wire (fetch would decompress it). */
function raw(url: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).once('error', reject);
  });
}

/** The entry script index.html loads: `/assets/index-….js`. */
function entryScript(dist: string, prefix = ''): string {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const src = new RegExp(`src="${prefix}(/assets/index-[^"]+\\.js)"`).exec(html)?.[1];
  if (!src) throw new Error(`no entry script in ${dist}/index.html`);
  return src;
}

let server: TestServer;
beforeAll(async () => {
  for (const dist of [BOARD_DIST, CONSOLE_DIST]) {
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is not built: npm run build`);
  }
  server = await startTestServer({
    env: { CAREBOARD_BOARD_DIR: BOARD_DIST, CAREBOARD_CONSOLE_DIR: CONSOLE_DIST },
  });
});
afterAll(() => server?.close());

describe('the built apps, precompressed (FND-45)', () => {
  it('sends a board script as brotli, as gzip, or as it is, each the same bytes', async () => {
    const script = entryScript(BOARD_DIST);
    const file = readFileSync(path.join(BOARD_DIST, script));
    const url = `${server.baseUrl}${script}`;

    const br = await raw(url, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(file.length / 2);
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);

    const gz = await raw(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(file)).toBe(true);

    const plain = await raw(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);

    for (const answer of [br, gz, plain]) {
      expect(answer.headers['content-type']).toMatch(/^application\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
    // Each representation is its own file, so its own ETag: a cache never mixes them.
    expect(new Set([br, gz, plain].map((answer) => answer.headers.etag)).size).toBe(3);
  });

  it("keeps the entry page's no-store, compressed or not, for the board and the console", async () => {
    for (const url of [`${server.baseUrl}/?id=1`, `${server.baseUrl}/console/`]) {
      const br = await raw(url, 'br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-store');
      expect(brotliDecompressSync(br.body).toString()).toContain('<div id="root">');
      const plain = await raw(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends a console script as brotli, the same bytes', async () => {
    const script = entryScript(CONSOLE_DIST, '/console');
    const file = readFileSync(path.join(CONSOLE_DIST, script));
    const br = await raw(`${server.baseUrl}/console${script}`, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
  });
});

describe('API answers (FND-45)', () => {
  it('compresses an answer above 1 KB for a client that accepts it, and not for one that does not', async () => {
    const url = `${server.baseUrl}/api/openapi.json`;
    const plain = await raw(url);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await raw(url, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await raw(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('sends an answer under 1 KB as it is', async () => {
    const small = await raw(`${server.baseUrl}/api/customers/demo`, 'gzip, br');
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_ABOVE_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ id: 'demo' });
  });
});
