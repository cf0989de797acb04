import { addedFiles, firstLoadFiles, type Manifest } from '@careboard/web-client/build';
import { describe, expect, it } from 'vitest';
import { CONSOLE_FIRST_LOAD_BUDGET, measureConsole } from './report-budget.ts';

// A build's manifest: the entry imports the vendor chunk statically and a page lazily;
// the page imports a grid chunk and shares the vendor chunk.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-2.js'],
    dynamicImports: ['src/pages/boards/BoardsPage.tsx'],
    css: ['assets/index-1.css'],
  },
  '_vendor-2.js': { file: 'assets/vendor-2.js' },
  'src/pages/boards/BoardsPage.tsx': {
    file: 'assets/BoardsPage-3.js',
    src: 'src/pages/boards/BoardsPage.tsx',
    imports: ['_vendor-2.js', '_grid-4.js'],
  },
  '_grid-4.js': { file: 'assets/grid-4.js', css: ['assets/grid-4.css'] },
};

const sizes: Record<string, number> = {
  'assets/index-1.js': 100_000,
  'assets/index-1.css': 5_000,
  'assets/vendor-2.js': 60_000,
  'assets/BoardsPage-3.js': 2_000,
  'assets/grid-4.js': 40_000,
  'assets/grid-4.css': 3_000,
};
const gzipSize = (file: string) => sizes[file] ?? Number.NaN;

describe('the console first load', () => {
  it('is what index.html loads: the entry, its static imports and their CSS, no lazy page', () => {
    expect([...firstLoadFiles(manifest)].sort()).toEqual([
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/vendor-2.js',
    ]);
  });

  it('counts a page only for what it adds', () => {
    const loaded = firstLoadFiles(manifest);
    expect([...addedFiles(manifest, 'src/pages/boards/BoardsPage.tsx', loaded)].sort()).toEqual([
      'assets/BoardsPage-3.js',
      'assets/grid-4.css',
      'assets/grid-4.js',
    ]);
  });

  it('is checked against 250 KB gzip; the heaviest page is printed, not checked', () => {
    expect(measureConsole(manifest, gzipSize)).toEqual([
      { name: 'console first load', bytes: 165_000, budget: CONSOLE_FIRST_LOAD_BUDGET },
      { name: 'console heaviest page', bytes: 45_000, budget: null },
    ]);
    expect(CONSOLE_FIRST_LOAD_BUDGET).toBe(250_000);
  });

  it('refuses a build whose pages are not lazy chunks', () => {
    const { 'src/pages/boards/BoardsPage.tsx': _page, ...withoutPages } = manifest;
    expect(() => measureConsole(withoutPages, gzipSize)).toThrow(/No page chunks/);
  });
});
