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
 * - the offline voice (decision SCR-12): its chunk and WebAssembly, printed for
 *   the record; it must be fetched only when a screen needs it, so any of it in
 *   the first load or the patient route counts against a budget of 0.
 * Run with Node 24 (type stripping): `node scripts/report-budgets.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  type BudgetLine,
  formatBudgets,
  KB,
  type Manifest,
  staticClosure,
} from '@careboard/web-client/build';

export const FIRST_LOAD_BUDGET = 150 * KB;
export const BOARD_ROUTE_BUDGET = 50 * KB;

/** Board route screens, by the source folder of each board type. */
export const boardScreens = ['workflow', 'family', 'patient', 'assets-par-level'];

/** The offline voice's module (packages/speech imports it dynamically). */
export const SYNTHESIZER_SOURCE = 'speech/src/fallback/espeak-synth.ts';

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
  lines.push(...synthesizerLines(manifest, loaded, sizeOf, gzipSize));
  return lines;
}

function synthesizerLines(
  manifest: Manifest,
  loaded: ReadonlySet<string>,
  sizeOf: (keys: Iterable<string>) => number,
  gzipSize: (file: string) => number,
): BudgetLine[] {
  const key = Object.keys(manifest).find((k) => manifest[k]?.src?.endsWith(SYNTHESIZER_SOURCE));
  if (!key) throw new Error('No chunk for the offline voice');
  const patientKey = Object.keys(manifest).find((k) => manifest[k]?.src?.startsWith('src/screens/patient/'));
  const patient = patientKey ? staticClosure(manifest, patientKey) : new Set<string>();
  const own = [...staticClosure(manifest, key)].filter((k) => !loaded.has(k) && !patient.has(k));
  const assets = own.flatMap((k) => manifest[k]?.assets ?? []);
  return [
    { name: 'synthesizer js (lazy)', bytes: sizeOf(own), budget: null },
    {
      name: 'synthesizer wasm (lazy)',
      bytes: assets.reduce((sum, file) => sum + gzipSize(file), 0),
      budget: null,
    },
    // Fetched with the board or its patient route, it would cost every screen: none of it may be.
    {
      name: 'synthesizer eagerly',
      bytes: loaded.has(key) || patient.has(key) ? sizeOf([key]) : 0,
      budget: 0,
    },
  ];
}

function main(): void {
  const dist = path.resolve(import.meta.dirname, '../dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const lines = measureBudgets(manifest, (file) => gzipSync(readFileSync(path.join(dist, file))).length);
  const { text, fits } = formatBudgets(lines);
  process.stdout.write(text);
  if (!fits) {
    console.error('JavaScript budget exceeded (docs/product.md, Targets; decision BRD-22).');
    process.exit(1);
  }
}

if (import.meta.main) main();
