/**
 * Reports the board app's JavaScript budgets after `vite build` (docs/product.md, Targets; decision BRD-22)
 * and exits 1 when one is exceeded:
 * - first load: the entry chunk, the app shell (router, auth, live connection,
 *   react-intl; main.tsx starts fetching it at once, beside config.json) and
 *   every chunk they import statically, under 150 KB gzip: all of it is fetched
 *   on every first load, whatever the board;
 * - each board route: its screen chunk plus the static imports that the first
 *   load does not already hold, under 50 KB gzip.
 * The entry and the app shell are printed apart too, and the total a board
 * needs before its screen shows, for the record.
 * Run with Node 24 (type stripping): `node scripts/report-budgets.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const KB = 1000;
export const FIRST_LOAD_BUDGET = 150 * KB;
export const BOARD_ROUTE_BUDGET = 50 * KB;

/** Board route screens, by the source folder of each board type. */
export const boardScreens = ['workflow', 'family', 'patient', 'assets-par-level'];

/** A chunk key and every chunk it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export interface BudgetLine {
  readonly name: string;
  readonly bytes: number;
  /** null: printed for information, not checked. */
  readonly budget: number | null;
}

/** The app shell's source module (main.tsx imports it dynamically). */
export const APP_SHELL_SOURCE = 'src/app/App.tsx';

export function measureBudgets(manifest: Manifest, gzipSize: (file: string) => number): BudgetLine[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const entryClosure = staticClosure(manifest, entry);
  const sizeOf = (keys: Iterable<string>) =>
    [...keys].reduce((sum, key) => sum + gzipSize(manifest[key]?.file ?? ''), 0);
  const shellKey = Object.keys(manifest).find((key) => manifest[key]?.src === APP_SHELL_SOURCE);
  if (!shellKey) throw new Error('No chunk for the app shell');
  const shell = [...staticClosure(manifest, shellKey)].filter((key) => !entryClosure.has(key));
  const loaded = new Set([...entryClosure, ...shell]);
  const lines: BudgetLine[] = [
    { name: 'first load', bytes: sizeOf(loaded), budget: FIRST_LOAD_BUDGET },
    { name: 'entry', bytes: sizeOf(entryClosure), budget: null },
    { name: 'app shell', bytes: sizeOf(shell), budget: null },
  ];
  let largestRoute = 0;
  for (const screen of boardScreens) {
    const key = Object.keys(manifest).find((k) => manifest[k]?.src?.startsWith(`src/screens/${screen}/`));
    if (!key) throw new Error(`No chunk for the ${screen} board screen`);
    const own = sizeOf([...staticClosure(manifest, key)].filter((k) => !loaded.has(k)));
    largestRoute = Math.max(largestRoute, own);
    lines.push({ name: `route ${screen}`, bytes: own, budget: BOARD_ROUTE_BUDGET });
  }
  lines.push({ name: 'board on screen (max)', bytes: sizeOf(loaded) + largestRoute, budget: null });
  return lines;
}

function main(): void {
  const dist = path.resolve(import.meta.dirname, '../dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const lines = measureBudgets(manifest, (file) => gzipSync(readFileSync(path.join(dist, file))).length);
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
    console.error('JavaScript budget exceeded (docs/product.md, Targets; decision BRD-22).');
    process.exit(1);
  }
}

if (import.meta.main) main();
