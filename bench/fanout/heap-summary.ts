/**
 * Summarises a V8 heap snapshot: self size and count by constructor (or by node type for
 * strings, closures' code and the like), heaviest first. With `--per <n>` it also prints bytes
 * per n (per screen, say).
 *
 *   node bench/fanout/heap-summary.ts <file.heapsnapshot> [--per 2000] [--top 40]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[]] } };
  readonly nodes: number[];
  readonly strings: string[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { per: { type: 'string' }, top: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  process.stderr.write(
    'Usage: node bench/fanout/heap-summary.ts <file.heapsnapshot> [--per <n>] [--top <n>]\n',
  );
  process.exit(2);
}
const per = Number(values.per ?? 1);
const top = Number(values.top ?? 40);
const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = heap.snapshot.meta.node_fields;
const types = heap.snapshot.meta.node_types[0];
const width = fields.length;
const at = { type: fields.indexOf('type'), name: fields.indexOf('name'), size: fields.indexOf('self_size') };
const groups = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let i = 0; i < heap.nodes.length; i += width) {
  const type = types[heap.nodes[i + at.type] ?? 0] ?? '?';
  const name = heap.strings[heap.nodes[i + at.name] ?? 0] ?? '';
  const size = heap.nodes[i + at.size] ?? 0;
  const key = type === 'object' || type === 'closure' ? `${type} ${name}` : `(${type})`;
  const group = groups.get(key) ?? { count: 0, bytes: 0 };
  group.count += 1;
  group.bytes += size;
  groups.set(key, group);
  total += size;
}
const rows = [...groups.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top);
process.stdout.write(
  `total ${(total / 1024 / 1024).toFixed(1)} MiB; ${(total / per / 1024).toFixed(2)} KiB per ${per}\n`,
);
for (const [key, { count, bytes }] of rows) {
  process.stdout.write(
    `${(bytes / 1024).toFixed(0).padStart(9)} KiB ${(bytes / per).toFixed(0).padStart(7)} B/per ${(count / per).toFixed(2).padStart(7)}/per  ${key.slice(0, 100)}\n`,
  );
}
