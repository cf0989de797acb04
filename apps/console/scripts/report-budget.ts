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
import { addedFiles, firstLoadFiles, type Manifest, sizeOf } from './first-load.ts';

const KB = 1000;
export const CONSOLE_FIRST_LOAD_BUDGET = 250 * KB;

export interface BudgetLine {
  readonly name: string;
  readonly bytes: number;
  /** null: printed for information, not checked. */
  readonly budget: number | null;
}

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
  let over = false;
  for (const line of lines) {
    const fits = line.budget === null || line.bytes <= line.budget;
    over ||= !fits;
    const budget = line.budget === null ? '(no budget)' : `of ${(line.budget / KB).toFixed(0)} KB`;
    const mark = line.budget === null ? 'info' : fits ? 'ok  ' : 'OVER';
    process.stdout.write(
      `${mark} ${line.name.padEnd(24)} ${(line.bytes / KB).toFixed(1)} KB gzip ${budget}\n`,
    );
  }
  if (over) {
    console.error('The console first-load budget is exceeded (decision CON-06).');
    process.exit(1);
  }
}

if (import.meta.main) main();
