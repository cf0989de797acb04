import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_BOARD_DIR, startTestServer } from './test-server.ts';

const boardDir = mkdtempSync(path.join(tmpdir(), 'careboard-close-grace-'));
afterAll(() => rmSync(boardDir, { recursive: true, force: true }));

describe('closing the server (FND-29)', () => {
  it('does not wait for a download that is not being read: its connection is cut after the grace', async () => {
    cpSync(FIXTURE_BOARD_DIR, boardDir, { recursive: true });
    // Far more than the socket buffers hold: a client that stops reading keeps the response in flight.
    writeFileSync(path.join(boardDir, 'big.bin'), Buffer.alloc(64 * 1024 * 1024, 7));
    const server = await startTestServer({ env: { CAREBOARD_BOARD_DIR: boardDir } });
    const response = await new Promise<IncomingMessage>((resolve) =>
      request(`${server.baseUrl}/big.bin`, resolve).end(),
    );
    response.pause(); // reads nothing more, so the response stays in flight
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closing = Date.now();
    await server.close();
    const tookMs = Date.now() - closing;
    // Without the grace, close() waits for the client, which never reads: it would not return at all.
    expect(tookMs).toBeLessThan(15_000);
    // Reading again: what the kernel held arrives, then the cut, well short of the whole file.
    let bytes = 0;
    const complete = await new Promise<boolean>((resolve) => {
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.once('error', () => resolve(false));
      response.once('close', () => resolve(response.complete));
      response.resume();
    });
    expect(complete).toBe(false);
    expect(bytes).toBeLessThan(64 * 1024 * 1024);
  }, 40_000);
});
