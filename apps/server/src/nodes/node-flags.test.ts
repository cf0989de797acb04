import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';
import { SERVER_BUNDLE } from './server-bundle.ts';

const PACKAGES = [
  path.join(import.meta.dirname, '../../../../package.json'),
  path.join(import.meta.dirname, '../../package.json'),
];

const startScript = (file: string): string =>
  (JSON.parse(readFileSync(file, 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('how the start scripts run the server (FND-31, FND-32, FND-33)', () => {
  it('pass every V8 flag before the entry point, and the entry point is the bundle', () => {
    for (const file of PACKAGES) {
      const script = startScript(file);
      const node = script.slice(script.lastIndexOf('node ')).split(' ');
      for (const flag of SERVER_NODE_FLAGS) expect(node.slice(1, -1)).toContain(flag);
      expect(path.resolve(path.dirname(file), node.at(-1) ?? '')).toBe(SERVER_BUNDLE);
    }
  });
});
