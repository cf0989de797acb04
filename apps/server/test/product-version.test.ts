import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_VERSION } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function versionOf(file: string): string {
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '(none)';
}

describe('the product version', () => {
  it('is the version of the project and of every workspace package', () => {
    const files = [
      'package.json',
      ...['packages', 'apps'].flatMap((dir) =>
        readdirSync(path.join(ROOT, dir)).map((name) => path.join(dir, name, 'package.json')),
      ),
    ];
    const versions = Object.fromEntries(files.map((file) => [file, versionOf(path.join(ROOT, file))]));
    expect(versions).toEqual(Object.fromEntries(files.map((file) => [file, PRODUCT_VERSION])));
  });

  it('is the newest release the changelog names', () => {
    const changelog = readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    const releases = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map((match) => match[1]);
    expect(releases[0]).toBe(PRODUCT_VERSION);
  });
});
