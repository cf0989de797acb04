/**
 * Keeps the documentation honest (decision FND-19): links resolve inside the repository, the
 * environment and endpoint tables match the code, and decision ids cited anywhere exist.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeConfigKeys } from '@careboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { envSchema } from '../src/config/env-schema.ts';
import { isProviderPath } from '../src/identity/mount-provider.ts';
import { identityRoutes } from '../src/identity/provider.ts';
import { filesUnder } from './repository-files.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = path.join(ROOT, 'docs');
const DECISIONS = path.join(DOCS, 'decisions');
const OPERATIONS = path.join(DOCS, 'operations.md');
/** The endpoint tables: their own page, so operations.md stays a page to read. */
const ENDPOINTS = path.join(DOCS, 'endpoints.md');

const read = (file: string) => readFileSync(file, 'utf8');
const relative = (file: string) => path.relative(ROOT, file);

/** Installed, built or generated (or a server's data directory): not what anyone writes. */
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'compiled', 'coverage', '.git']);
const docFiles = (dir: string, keep: (file: string) => boolean) => filesUnder(dir, keep, SKIP);

/** The project's own pages at its root: the README and the files a newcomer looks for beside it. */
const ROOT_PAGES = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'SECURITY.md'];

const markdownFiles = () => [
  ...ROOT_PAGES.map((page) => path.join(ROOT, page)),
  ...docFiles(DOCS, (f) => f.endsWith('.md')),
];

/** Markdown without fenced code blocks and inline code: links there are text, not links. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`]+`/g, '');
}

/** Every link and image target: inline `[x](t)`, `![x](t)`, reference `[x]: t`, and HTML src/href. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1] ?? '');
  }
  for (const match of prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) {
    targets.push(match[1] ?? '');
  }
  for (const match of prose.matchAll(/<(?:img|a|source)\b[^>]*?\b(?:src|href)\s*=\s*"([^"]+)"/gi)) {
    targets.push(match[1] ?? '');
  }
  return targets;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = (match[1] ?? '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[*_`~]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with one link of `file`, or undefined when it resolves inside the repository. */
function linkProblem(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
    return 'points outside the repository (a URL)';
  }
  if (target.startsWith('/')) return 'is an absolute path';
  const [pathPart = '', anchor] = target.split('#', 2);
  const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
  const inside = path.relative(ROOT, resolved);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'points outside the repository';
  if (inside.split(path.sep).some((part) => ['node_modules', 'test-results', 'data'].includes(part))) {
    return 'points to a file that is not in the repository';
  }
  if (!existsSync(resolved)) return 'does not exist';
  if (anchor !== undefined) {
    if (!statSync(resolved).isFile() || !resolved.endsWith('.md'))
      return 'has an anchor on a non-Markdown target';
    if (!anchorsOf(read(resolved)).has(anchor)) return `names a heading #${anchor} that does not exist`;
  }
  return undefined;
}

/** The rows of the table between `<!-- name -->` and `<!-- /name -->`: each row's cells. */
function tableRows(markdown: string, name: string): string[][] {
  const start = markdown.indexOf(`<!-- ${name} -->`);
  const end = markdown.indexOf(`<!-- /${name} -->`);
  if (start < 0 || end < start) throw new Error(`no table marked <!-- ${name} --> … <!-- /${name} -->`);
  return markdown
    .slice(start, end)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .slice(2) // header and separator
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The backticked text of a row's first cell. */
function firstCode(row: readonly string[]): string {
  const match = /^`([^`]+)`/.exec(row[0] ?? '');
  if (!match?.[1]) throw new Error(`a row whose first cell is not code: | ${row.join(' | ')} |`);
  return match[1];
}

/** `METHOD /path` of a row; the method is one word. */
function methodAndPath(row: readonly string[]): { method: string; path: string } {
  const match = /^([A-Z]+) (\/\S*)$/.exec(firstCode(row));
  if (!match?.[1] || !match[2]) throw new Error(`not "METHOD /path": ${row[0]}`);
  return { method: match[1], path: match[2] };
}

/** What a set lacks and has too many of, compared with the expected names. */
function difference(listed: Iterable<string>, expected: Iterable<string>) {
  const have = new Set(listed);
  const want = new Set(expected);
  return {
    missing: [...want].filter((name) => !have.has(name)).sort(),
    extra: [...have].filter((name) => !want.has(name)).sort(),
  };
}

/**
 * The routes a Fastify app registers, as `METHOD /path`, read from `printRoutes()`: a radix
 * tree whose lines are path fragments (each appended to its parent's) with their methods.
 */
function registeredRoutes(app: TestServer['app']): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:[│ ] {3})*)[└├]── (.*)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const node = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(match[2] ?? '');
    const fragment = node?.[1] ?? '';
    stack.length = depth;
    stack.push(fragment);
    const full = stack.join('');
    for (const method of (node?.[2] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, path: full });
    }
  }
  return routes;
}

describe('links in README.md and docs/', () => {
  it('finds the pages', () => {
    const pages = markdownFiles().map(relative);
    for (const page of ROOT_PAGES) expect(pages).toContain(page);
    expect(pages).toContain(path.join('docs', 'operations.md'));
  });

  it('resolve to files (and headings) inside the repository', () => {
    const problems: string[] = [];
    for (const file of markdownFiles()) {
      for (const target of linkTargets(read(file))) {
        const problem = linkProblem(file, target);
        if (problem) problems.push(`${relative(file)}: ${target} ${problem}`);
      }
      // A bare address is a link on the forges too: addresses to type go in code, `http://…`.
      for (const match of proseOf(read(file)).matchAll(/\bhttps?:\/\/[^\s)>\]]+/g)) {
        problems.push(`${relative(file)}: ${match[0]} is a bare URL outside code`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('name no path outside the repository, even as text', () => {
    const problems: string[] = [];
    for (const file of markdownFiles()) {
      for (const [index, line] of read(file).split('\n').entries()) {
        if (/\.\.\/shared\b|\/work\/|shared\/design|product\.md §/.test(line)) {
          problems.push(`${relative(file)}:${index + 1}: ${line.trim()}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep the README short and its CI command as CI runs it', () => {
    const readme = read(path.join(ROOT, 'README.md'));
    expect(readme.split('\n').length).toBeLessThan(200);
    expect(readme).toContain('npm ci && npm test');
    expect(read(path.join(ROOT, '.ci', 'run'))).toMatch(/npm ci\s+npm test/);
  });
});

describe('the environment tables in docs/operations.md', () => {
  const markdown = () => read(OPERATIONS);

  it('list exactly the variables of envSchema', () => {
    const env = tableRows(markdown(), 'env-table').map(firstCode);
    const runtime = tableRows(markdown(), 'runtime-config-table').map(firstCode);
    const both = env.filter((name) => runtime.includes(name));
    expect({ inBothTables: both }).toEqual({ inBothTables: [] });
    expect(difference([...env, ...runtime], Object.keys(envSchema.shape))).toEqual({
      missing: [],
      extra: [],
    });
  });

  it('list the runtime-config keys served at /config.json', () => {
    const runtime = tableRows(markdown(), 'runtime-config-table').map(firstCode);
    expect(difference(runtime, runtimeConfigKeys)).toEqual({ missing: [], extra: [] });
  });

  it('list each variable once', () => {
    const names = [
      ...tableRows(markdown(), 'env-table'),
      ...tableRows(markdown(), 'runtime-config-table'),
    ].map(firstCode);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});

describe('the endpoint tables in docs/endpoints.md', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('list exactly the HTTP routes a real server registers', () => {
    const registered = registeredRoutes(server.app);
    // The parse is checked against Fastify itself: every route read from the tree exists.
    for (const route of registered)
      expect(server.app.hasRoute({ method: route.method, url: route.path })).toBe(true);
    expect(registered.some((route) => route.path === '/api/display-boards/:id')).toBe(true);

    const gets = new Set(registered.filter((route) => route.method === 'GET').map((route) => route.path));
    const boardFiles = new Set(
      docFiles(server.config.boardDir, () => true).map(
        (file) => `/${path.relative(server.config.boardDir, file).split(path.sep).join('/')}`,
      ),
    );
    const documented = registered
      // Excluded 1: the HEAD twin Fastify adds to every GET (exposeHeadRoutes); the table says so once.
      .filter((route) => !(route.method === 'HEAD' && gets.has(route.path)))
      // Excluded 2: @fastify/static's one route per built file of the board app: the `GET /*` row covers them.
      .filter((route) => !boardFiles.has(route.path))
      .map((route) => `${route.method} ${route.path}`);
    expect(boardFiles.size).toBeGreaterThan(0);

    const rows = tableRows(read(ENDPOINTS), 'http-routes').map(methodAndPath);
    const listed = rows.map((row) => `${row.method} ${row.path}`);
    expect(listed.filter((route, index) => listed.indexOf(route) !== index)).toEqual([]);
    expect(difference(listed, documented)).toEqual({ missing: [], extra: [] });
  });

  it("list the identity provider's paths", () => {
    const rows = tableRows(read(ENDPOINTS), 'identity-paths').map(methodAndPath);
    const paths = rows.map((row) => row.path);
    expect(paths.filter((p) => !isProviderPath(p))).toEqual([]);
    const expected = [...Object.values(identityRoutes), '/.well-known/openid-configuration'];
    expect(expected.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it('list the live endpoints: every upgrade listener, each answering', async () => {
    const rows = tableRows(read(ENDPOINTS), 'live-paths').map(methodAndPath);
    const paths = rows.map((row) => row.path.replace(/\/$/, ''));
    // One WebSocket upgrade listener per live endpoint: a new one fails here until it has its row.
    expect(paths.length).toBe(server.app.server.listeners('upgrade').length);

    const graphql = new URL(server.config.runtime.GRAPHQL_URL).pathname;
    expect(paths).toContain(graphql);
    const socket = new WebSocket(
      `${server.baseUrl.replace(/^http/, 'ws')}${graphql}`,
      'graphql-transport-ws',
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect(socket.protocol).toBe('graphql-transport-ws');
    socket.close();

    const others = paths.filter((p) => p !== graphql);
    for (const other of others) {
      const response = await fetch(`${server.baseUrl}${other}/?EIO=4&transport=polling`);
      expect({ path: other, status: response.status }).toEqual({ path: other, status: 200 });
      expect(await response.text()).toMatch(/^0\{"sid":/);
    }
  });
});

describe('decision ids', () => {
  const ID = /\b(FND|IDN|API|LIVE|BRD|SCR|BOF|CON|FEED)-(\d{2,})\b/g;
  const decisionFiles = () => docFiles(DECISIONS, (f) => f.endsWith('.md') && !f.endsWith('README.md'));

  /** `## XXX-NN Title` headings: the decisions themselves, by file. */
  function declared(): { id: string; file: string }[] {
    return decisionFiles().flatMap((file) =>
      [...read(file).matchAll(/^## ((?:FND|IDN|API|LIVE|BRD|SCR|BOF|CON|FEED)-\d{2,}) \S/gm)].map(
        (match) => ({
          id: match[1] ?? '',
          file: relative(file),
        }),
      ),
    );
  }

  it('are declared once each, one prefix per file, numbered from 01 without gaps', () => {
    const ids = declared();
    expect(ids.length).toBeGreaterThanOrEqual(88);
    const all = ids.map((entry) => entry.id);
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
    for (const file of decisionFiles()) {
      const own = ids.filter((entry) => entry.file === relative(file)).map((entry) => entry.id);
      const prefixes = new Set(own.map((id) => id.split('-')[0]));
      expect({ file: relative(file), prefixes: prefixes.size }).toEqual({
        file: relative(file),
        prefixes: 1,
      });
      const numbers = own.map((id) => Number(id.split('-')[1]));
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
  });

  it('cited in code, configuration or docs exist', () => {
    const known = new Set(declared().map((entry) => entry.id));
    const sources = [
      ...['apps', 'packages', 'bench', 'e2e', 'scripts'].flatMap((dir) =>
        docFiles(path.join(ROOT, dir), (f) => /\.(ts|tsx|js|mjs|css|html|json|md)$/.test(f)),
      ),
      path.join(ROOT, 'biome.json'),
      path.join(ROOT, 'package.json'),
      ...markdownFiles(),
    ];
    const unknown: string[] = [];
    let citations = 0;
    for (const file of sources) {
      for (const [index, line] of read(file).split('\n').entries()) {
        for (const match of line.matchAll(ID)) {
          citations += 1;
          if (!known.has(match[0])) unknown.push(`${relative(file)}:${index + 1}: ${match[0]}`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(citations).toBeGreaterThan(0);
  });

  it('map every old README number (1–86) to an existing id', () => {
    const known = new Set(declared().map((entry) => entry.id));
    const rows = tableRows(read(path.join(DECISIONS, 'README.md')), 'old-numbers');
    const old = rows.map((row) => Number(row[0]));
    expect(old).toEqual(Array.from({ length: 86 }, (_, index) => index + 1));
    const ids = rows.map((row) => /\[([A-Z]+-\d{2,})\]/.exec(row[1] ?? '')?.[1] ?? '');
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
    expect(new Set(ids).size).toBe(86);
  });

  it('are superseded only by ids that exist', () => {
    const known = new Set(declared().map((entry) => entry.id));
    const problems: string[] = [];
    for (const file of decisionFiles()) {
      for (const match of read(file).matchAll(
        /Superseded by \[?((?:FND|IDN|API|LIVE|BRD|SCR|BOF|CON|FEED)-\d{2,})/g,
      )) {
        if (!known.has(match[1] ?? '')) problems.push(`${relative(file)}: ${match[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
