import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('../src/app.ts', import.meta.url));
const RECORDER = fileURLToPath(new URL('./fixtures/print-loaded-modules.mjs', import.meta.url));

/** The modules `import('src/app.ts')` loads, as file URLs. */
async function modulesOfServer(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', RECORDER, '--input-type=module', '-e', `await import(${JSON.stringify(APP)});`],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[];
}

describe('what the server loads to start (FND-30)', () => {
  it('loads no Redis or MQTT client unless REDIS_URL or an MQTT broker asks for one', async () => {
    const modules = await modulesOfServer();
    // The recorder works: the server's own files and its web framework are there.
    expect(modules.some((url) => url.endsWith('/apps/server/src/live/register-live.ts'))).toBe(true);
    expect(modules.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
    const clients = modules.filter((url) => /\/node_modules\/(redis|@redis\/[^/]+|mqtt)\//.test(url));
    expect(clients).toEqual([]);
  }, 60_000);
});
