import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';

/**
 * The fuzz suite's fixed seed: a failure prints it with its path, and
 * `fc.assert(property, { seed: FUZZ_SEED, path })` replays it exactly.
 */
export const FUZZ_SEED = 20261124;

/** Characters that broke a parser, a database or a log somewhere before: NUL, lone surrogates, bidi, BOM. */
const awkwardChars = fc.oneof(
  // NUL most often: PostgreSQL refuses it in text, so it is what turned valid input into a 500.
  { arbitrary: fc.constant('\u0000'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '\ud800',
      '\udfff',
      '\u202e',
      '\ufeff',
      '\u2028',
      '%',
      '\\',
      '"',
      "'",
      '😀',
      '\r\n',
    ),
    weight: 8,
  },
);

/** Any string a client could send: printable text, any code point, and the awkward characters above. */
export const wildString = (maxLength = 40) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({
      unit: fc.oneof(awkwardChars, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
      maxLength,
    }),
  );

/** Ordinary text with one awkward character in it: passes a length check, so reaches what is behind it. */
export const awkwardString = fc
  .tuple(fc.string({ maxLength: 10 }), awkwardChars, fc.string({ maxLength: 10 }))
  .map(([before, char, after]) => `${before}${char}${after}`);

/** Numbers at and past every boundary a column or a zod schema has. */
export const wildNumber = fc.oneof(
  fc.integer({ min: -3, max: 60 }),
  fc.constantFrom(
    0,
    -1,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -0,
    0.5,
    1e-9,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON value of any shape, the awkward strings included. */
export const wildJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    wildNumber,
    wildString(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(wildString(12), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** `depth` arrays or objects inside each other: a parser's and a validator's recursion. */
export const deeplyNested = fc
  .tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean())
  .map(([depth, objects]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i += 1) value = objects ? { a: value } : [value];
    return value;
  });

/** A string far past any length a field accepts. */
export const longString = fc
  .tuple(fc.constantFrom('a', 'é', '\u0000', '😀'), fc.integer({ min: 1_000, max: 20_000 }))
  .map(([char, length]) => char.repeat(length));

/**
 * Counts per fuzzed surface, for whoever reads the run: printed, and written to
 * test-results/fuzz-summary/<surface>.json (one file each, as the files run in parallel).
 */
export function recordFuzzSummary(surface: string, summary: Record<string, unknown>): void {
  const record = { seed: FUZZ_SEED, ...summary, at: new Date().toISOString() };
  mkdirSync('test-results/fuzz-summary', { recursive: true });
  writeFileSync(`test-results/fuzz-summary/${surface}.json`, `${JSON.stringify(record, null, 2)}\n`);
  // biome-ignore lint/suspicious/noConsole: the fuzz counts, printed for whoever reads the run's output.
  console.log(`fuzz ${surface}: ${JSON.stringify(record)}`);
}

/** Counts how often each key was seen (statuses, close codes, error codes). */
export class Tally {
  readonly counts: Record<string, number> = {};
  add(key: string | number): void {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }
  get total(): number {
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }
}
