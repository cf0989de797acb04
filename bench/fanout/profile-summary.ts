import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The newest .cpuprofile in a folder (what --cpu-prof wrote when the server stopped). */
export function newestProfile(dir: string): string | undefined {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

const packageOf = (url: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];

/** A package name, `careboard` for our own code, or undefined for Node and native frames. */
function ownerOf(frame: CallFrame): string | undefined {
  return packageOf(frame.url) ?? (frame.url.includes('/apps/') ? 'careboard' : undefined);
}

function where(frame: CallFrame): string {
  const file = frame.url.replace(/^file:\/\//, '');
  const owner = ownerOf(frame);
  const short = owner ? `${owner}/${path.basename(file)}` : file || '(native)';
  return `${short}:${frame.lineNumber + 1}`;
}

/**
 * Self time per function within a window (µs on V8's clock, which is the monotonic
 * clock clock.ts reads), the heaviest first; then time per package including the Node
 * and native code it called, so a socket write counts for whoever wrote (pg or ws).
 */
export function summarise(file: string, window: readonly [number, number], top = 12): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const callerPackage = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const owner = byId.get(at)?.callFrame && ownerOf((byId.get(at) as ProfileNode).callFrame);
      if (owner) return owner;
    }
    return 'node (no package on the stack)';
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < window[0] * 1000 || at > window[1] * 1000) continue;
    const id = profile.samples[i] ?? -1;
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const key = `${frame.functionName || '(anonymous)'}  ${where(frame)}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    const owner = frame.functionName === '(garbage collector)' ? '(garbage collector)' : callerPackage(id);
    inclusive.set(owner, (inclusive.get(owner) ?? 0) + delta);
    total += delta;
  }
  const share = (value: number) => `${((100 * value) / Math.max(1, total)).toFixed(1).padStart(5)} %`;
  const heaviest = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, value]) => `  ${share(value)}  ${key}`);
  return [
    `Server CPU profile of the change phase: ${(total / 1000).toFixed(0)} ms on CPU. Self time:`,
    ...heaviest(self),
    'By package, with the Node and native code it called:',
    ...heaviest(inclusive),
  ].join('\n');
}
