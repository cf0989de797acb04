/**
 * Prints the console's first-load size after `vite build` and exits 1 above its
 * budget (decision CON-06): what index.html loads, JS and CSS, under 250 KB gzip.
 * The heaviest page is printed for the record: pages are lazy chunks, fetched
 * when first opened, on top of the first load.
 * Run with Node 24 (type stripping): `node scripts/report-budget.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  addedFiles,
  type BudgetLine,
  firstLoadFiles,
  formatBudgets,
  KB,
  type Manifest,
  sizeOf,
} from '@careboard/web-client/build';

export const CONSOLE_FIRST_LOAD_BUDGET = 250 * KB;

/** The first load against its budget, and the heaviest page on top of it. */
export function measureConsole(manifest: Manifest, gzipSize: (file: string) => number): BudgetLine[] {
  const loaded = firstLoadFiles(manifest);
  const firstLoad = sizeOf(loaded, gzipSize);
  const pages = Object.keys(manifest).filter((key) => manifest[key]?.src?.startsWith('src/pages/'));
  if (pages.length === 0)
    throw new Error('No page chunks: are the pages still lazy (app/page-components.ts)?');
  const heaviest = Math.max(...pages.map((key) => sizeOf(addedFiles(manifest, key, loaded), gzipSize)));
  return [
    { name: 'console first load', bytes: firstLoad, budget: CONSOLE_FIRST_LOAD_BUDGET },
    { name: 'console heaviest page', bytes: heaviest, budget: null },
  ];
}

function main(): void {
  const dist = path.resolve(import.meta.dirname, '../dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const lines = measureConsole(manifest, (file) => gzipSync(readFileSync(path.join(dist, file))).length);
  const { text, fits } = formatBudgets(lines);
  process.stdout.write(text);
  if (!fits) {
    console.error('The console first-load budget is exceeded (decision CON-06).');
    process.exit(1);
  }
}

if (import.meta.main) main();
