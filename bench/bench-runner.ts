/**
 * What every browser bench shares: progress lines on stderr (stdout holds the
 * report), clean-ups run in reverse order on the way out (also on Ctrl-C), and
 * the exit code of the run (1 when it cannot run).
 */
export const progress = (line: string) => process.stderr.write(`${line}\n`);

const cleanups: (() => Promise<unknown>)[] = [];

/** Registers something to stop when the bench ends (server, database, browser). */
export function onCleanUp(cleanup: () => Promise<unknown>): void {
  cleanups.push(cleanup);
}

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => progress(`cleaning up failed: ${String(error)}`));
  }
}

/** Runs a bench to its end, cleans up, and exits with its code. */
export function runBench(name: string, run: () => Promise<number>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      progress(`${signal}: stopping`);
      void cleanUp().then(() => process.exit(130));
    });
  }
  Promise.resolve()
    .then(run)
    .catch((error: unknown) => {
      progress(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return 1;
    })
    .then(async (code) => {
      await cleanUp();
      process.exit(code);
    });
}

/** A whole-number command-line option of at least `min`; `fallback` when absent. */
export function wholeOption(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  usage: string,
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new Error(`--${name} must be a whole number of at least ${min}.\n${usage}`);
  }
  return parsed;
}
