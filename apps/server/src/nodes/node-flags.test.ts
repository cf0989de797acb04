import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

const startScript = (relative: string): string =>
  (JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { scripts: { start: string } })
    .scripts.start;

describe("the server's V8 flags (FND-31, FND-32)", () => {
  it('are passed by every start script, before the entry point', () => {
    for (const script of [startScript('../../../../package.json'), startScript('../../package.json')]) {
      const node = script.slice(script.lastIndexOf('node '));
      expect(node).toMatch(/^node (.+ )?\S*src\/main\.ts$/);
      for (const flag of SERVER_NODE_FLAGS) expect(node.split(' ').slice(1, -1)).toContain(flag);
    }
  });
});
