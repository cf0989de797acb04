import type { Reporter, TestModule } from 'vitest/node';

interface Span {
  start: number;
  end: number;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * After the run, one line per project (decision FND-43): its files, its tests, the wall time from
 * its first file's start to its last file's end (projects run side by side, so these overlap),
 * and the time its files themselves took, summed over the workers.
 */
export default class ProjectTimes implements Reporter {
  private readonly spans = new Map<string, Span>();

  onTestModuleStart(module: TestModule): void {
    const now = performance.now();
    const span = this.spans.get(module.project.name);
    if (span) span.end = Math.max(span.end, now);
    else this.spans.set(module.project.name, { start: now, end: now });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.project.name);
    if (span) span.end = Math.max(span.end, performance.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byProject = new Map<string, { files: number; tests: number; busy: number }>();
    for (const module of modules) {
      const totals = byProject.get(module.project.name) ?? { files: 0, tests: 0, busy: 0 };
      const diagnostic = module.diagnostic();
      totals.files += 1;
      totals.tests += [...module.children.allTests()].length;
      totals.busy += diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
      byProject.set(module.project.name, totals);
    }
    const lines = [...byProject]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, { files, tests, busy }]) => {
        const span = this.spans.get(name);
        const wall = span ? seconds(span.end - span.start) : 'not run';
        return `  ${name.padEnd(11)} ${String(files).padStart(4)} files ${String(tests).padStart(5)} tests  ${wall.padStart(8)} wall  ${seconds(busy).padStart(8)} in its files`;
      });
    process.stdout.write(`\nEach project's time:\n${lines.join('\n')}\n`);
  }
}
