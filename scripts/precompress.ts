/**
 * After `vite build`, each app's build runs `node ../../scripts/precompress.ts dist`: `.br` and
 * `.gz` beside each compressible file of the build, which the server sends by Accept-Encoding
 * (decision FND-45). Node 24 runs it directly (type stripping); it imports nothing but node:*.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text and WebAssembly; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|xml|wasm)$/;
/** Smaller files gain less than their headers cost. */
const MIN_BYTES = 256;
/**
 * Brotli's best quality costs about 3 s a megabyte: worth it for the code a screen loads first,
 * not for the 18 MB offline voice, which quality 5 packs almost as well (8.4 against 7.1 MB) in a
 * fiftieth of the time.
 */
const BEST_QUALITY_UP_TO_BYTES = 1024 * 1024;

interface PrecompressSummary {
  readonly files: number;
  readonly bytes: number;
  readonly brotliBytes: number;
  readonly gzipBytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of a build (decision FND-45),
 * for the server to send by Accept-Encoding without compressing at each request. A file whose
 * compressed copy would be no smaller gets none, and is sent as it is. Source maps are left alone.
 */
async function precompress(dir: string): Promise<PrecompressSummary> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    (await filesUnder(dir)).map(async (file) => {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const quality = bytes.length <= BEST_QUALITY_UP_TO_BYTES ? constants.BROTLI_MAX_QUALITY : 5;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length >= bytes.length && gz.length >= bytes.length) return;
      totals.files += 1;
      totals.bytes += bytes.length;
      if (br.length < bytes.length) {
        await writeFile(`${file}.br`, br);
        totals.brotliBytes += br.length;
      }
      if (gz.length < bytes.length) {
        await writeFile(`${file}.gz`, gz);
        totals.gzipBytes += gz.length;
      }
    }),
  );
  return totals;
}

/** One line for the build's output. */
function formatPrecompressed(summary: PrecompressSummary): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  return `info precompressed       ${summary.files} files, ${kb(summary.bytes)}: brotli ${kb(summary.brotliBytes)}, gzip ${kb(summary.gzipBytes)}`;
}

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('Usage: node scripts/precompress.ts <build folder>\n');
  process.exit(2);
}
process.stdout.write(`${formatPrecompressed(await precompress(path.resolve(dir)))}\n`);
