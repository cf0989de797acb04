/**
 * Compiles the message catalogues (src/i18n/en-US.ts and es-US.ts, the source of
 * truth) into ICU message ASTs under src/i18n/compiled/, so that the board ships
 * no ICU message parser: the production build aliases it away (vite.config.ts).
 * `npm run build` runs this before `vite build`; the output is committed, and
 * compile-messages.test.ts fails when it drifts from the sources. A message the
 * parser refuses fails here, at build time, naming its id.
 * Run with Node 24 (type stripping): `node scripts/compile-messages.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { enUS, type Messages } from '../src/i18n/en-US.ts';
import { esUS } from '../src/i18n/es-US.ts';

export interface CatalogueSource {
  readonly locale: string;
  /** The exported name, the same in the source and in the compiled module. */
  readonly name: string;
  readonly messages: Messages;
}

/** Every catalogue the board ships (src/i18n/load-messages.ts loads them). */
export const catalogueSources: readonly CatalogueSource[] = [
  { locale: 'en-US', name: 'enUS', messages: enUS },
  { locale: 'es-US', name: 'esUS', messages: esUS },
];

export const COMPILED_DIR = path.resolve(import.meta.dirname, '../src/i18n/compiled');

/** Each message parsed as react-intl would parse it at run time (same parser, same locale). */
export function compileCatalogue(messages: Messages, locale: string): Record<string, MessageFormatElement[]> {
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [id, text] of Object.entries(messages)) {
    try {
      compiled[id] = parse(text, { locale: new Intl.Locale(locale) });
    } catch (error) {
      throw new Error(`${locale} message ${id} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** The formatter the rest of the code is held to, so the generated files pass `npm run check`. */
function formatWithBiome(source: string, file: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const result = spawnSync(process.execPath, [biome, 'format', `--stdin-file-path=${file}`], {
    input: source,
    encoding: 'utf8',
    cwd: path.dirname(file),
  });
  if (result.status !== 0) throw new Error(`biome could not format ${file}: ${result.stderr}`);
  return result.stdout;
}

/** The compiled module's path and its full text, formatted. */
export function renderCompiledModule(source: CatalogueSource): { file: string; text: string } {
  const file = path.join(COMPILED_DIR, `${source.locale}.ts`);
  const compiled = compileCatalogue(source.messages, source.locale);
  const text = [
    `// Generated from ../${source.locale}.ts by scripts/compile-messages.ts (npm run build): do not edit.`,
    "import type { CompiledMessages } from '../compiled-messages.ts';",
    '',
    `export const ${source.name}: CompiledMessages = ${JSON.stringify(compiled)};`,
    '',
  ].join('\n');
  return { file, text: formatWithBiome(text, file) };
}

function main(): void {
  for (const source of catalogueSources) {
    const { file, text } = renderCompiledModule(source);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    writeFileSync(file, text);
    process.stdout.write(`compiled messages: wrote ${path.relative(process.cwd(), file)}\n`);
  }
}

if (import.meta.main) main();
