import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The environment a test gives a server or CLI process it starts: only PATH of its own (the rest
 * is what the test sets), and Node's compile cache, so the hundreds of TypeScript files a process
 * loads from source are stripped and compiled once per machine rather than once per process.
 */
export function childProcessEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_COMPILE_CACHE: path.join(tmpdir(), 'careboard-test-compile-cache'),
  };
}
