import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The files under `dir` (recursively) that `keep` takes, sorted; folders named in `skip` are not entered. */
export function filesUnder(
  dir: string,
  keep: (file: string) => boolean,
  skip: ReadonlySet<string>,
): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) walk(full);
      } else if (keep(full)) {
        found.push(full);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return found.sort();
}
