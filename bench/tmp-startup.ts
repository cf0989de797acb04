import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBenchDatabase } from './fanout/database.ts';
import { startServerProcess } from './fanout/server-process.ts';
const db = await startBenchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cb-start-'));
for (let i = 0; i < 4; i++) {
  const t = performance.now();
  const server = await startServerProcess({ databaseUrl: db.url, dataDir, connectionsPerMinute: 1000, connectionsPerAddress: 1000, profileDir: i === 3 ? '/tmp/sprof' : undefined });
  console.log(`start ${i}: ready in ${(performance.now() - t).toFixed(0)} ms`);
  await server.stop();
}
await db.stop();
