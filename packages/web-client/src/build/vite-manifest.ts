/**
 * What a page load costs, read from Vite's build manifest (decisions BRD-22, CON-06): the entry
 * chunk and every chunk it imports statically, transitively, with their CSS. That is exactly what
 * index.html loads (its script, modulepreload and stylesheet tags) before any lazy chunk.
 */

export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
  /** Files a chunk names with `new URL(…, import.meta.url)` or `?url` (WebAssembly, say). */
  readonly assets?: readonly string[];
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** A chunk key and every chunk it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The built files (JS and CSS) of some chunks, each once. */
export function filesOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/** The manifest key of the entry chunk (index.html's script). */
export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  return entry;
}

/** The files index.html loads: the entry's static closure, JS and CSS. */
export function firstLoadFiles(manifest: Manifest): Set<string> {
  return filesOf(manifest, staticClosure(manifest, entryKey(manifest)));
}

/** The files a lazy chunk adds on top of those already loaded. */
export function addedFiles(manifest: Manifest, key: string, loaded: ReadonlySet<string>): Set<string> {
  return new Set([...filesOf(manifest, staticClosure(manifest, key))].filter((file) => !loaded.has(file)));
}

/** The gzip bytes of some files. */
export function sizeOf(files: Iterable<string>, gzipSize: (file: string) => number): number {
  let total = 0;
  for (const file of files) total += gzipSize(file);
  return total;
}
