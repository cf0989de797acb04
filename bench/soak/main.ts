/**
 * bench/soak: whether a board left running grows its JS heap or DOM (docs/product.md, Targets).
 *
 *   npm run bench:soak [-- --minutes 10 --sample-sec 30 --rate 30]
 *
 * The real server runs in this process on a fresh embedded PostgreSQL with the
 * demo data and the demo simulator on and fast (--rate, as
 * CAREBOARD_SIMULATOR_RATE), so patients arrive, move, are called and leave and
 * equipment moves many times a minute. The four demo boards and an idle baseline
 * page are open in Debian's Chromium, signed in as admin@demo.test; every
 * --sample-sec each page is sampled after a forced GC (sample.ts), and the report
 * prints first, last, change and slope per board next to the baseline (report.ts).
 * Exits 1 only when the bench cannot run; growth is reported, not a failure.
 */

import path from 'node:path';
import { launchBrowser } from '../../e2e/browser.ts';
import { onCleanUp, progress, runBench } from '../bench-runner.ts';
import { startBoardServer } from '../board/server.ts';
import { startBenchDatabase } from '../fanout/database.ts';
import { BASELINE, openSoakPage, SOAKED_BOARDS, type SoakPage } from './boards.ts';
import { changeLogVersion, changesSince } from './changes.ts';
import { type Options, readOptions } from './options.ts';
import { formatReport, type PageSeries } from './report.ts';
import { type MemorySample, sampleMemory } from './sample.ts';

/** A wall board is always in front: keep Chromium from slowing the timers of pages it thinks are hidden. */
const FOREGROUND_FLAGS = [
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(options: Options): Promise<number> {
  progress(`starting PostgreSQL and the server (simulator at ${options.rate}×)`);
  const database = await startBenchDatabase();
  onCleanUp(() => database.stop());
  const server = await startBoardServer(database.url, path.join(database.dir, 'server'), options.rate);
  onCleanUp(() => server.close());

  const browser = await launchBrowser(FOREGROUND_FLAGS);
  onCleanUp(() => browser.close());
  const pages: SoakPage[] = [];
  for (const board of [...SOAKED_BOARDS, BASELINE]) {
    progress(`opening ${board.label}`);
    pages.push(await openSoakPage(browser, server.baseUrl, board));
  }

  const samples = new Map<SoakPage, MemorySample[]>(pages.map((page) => [page, []]));
  const count = Math.floor((options.minutes * 60) / options.sampleSec) + 1;
  const start = performance.now();
  let measuredFrom = 0;
  for (let index = 0; index < count; index++) {
    // On a schedule from the start, so the time the sampling itself takes does not stretch the soak.
    await pause(Math.max(0, start + index * options.sampleSec * 1000 - performance.now()));
    const atSec = (performance.now() - start) / 1000;
    if (index === 1) measuredFrom = await changeLogVersion(database.url);
    for (const page of pages) {
      if (page.page.isClosed()) throw new Error(`${page.label}: the page closed (crashed?) during the soak.`);
      samples.get(page)?.push(await sampleMemory(page, atSec));
    }
    const heaps = pages.map((page) => (samples.get(page)?.at(-1)?.heapBytes ?? 0) / 1024 / 1024);
    progress(
      `sample ${index + 1}/${count} at ${Math.round(atSec)} s${index === 0 ? ' (warm-up)' : ''}: heap ${heaps.map((mb) => mb.toFixed(2)).join(' / ')} MB`,
    );
  }

  // The warm-up sample is left out: the first measured one is the second.
  const seriesOf = (page: SoakPage): PageSeries => ({
    label: page.label,
    samples: (samples.get(page) ?? []).slice(1),
  });
  const [baselinePage] = pages.slice(-1);
  if (!baselinePage) throw new Error('No baseline page.');
  process.stdout.write(
    `\n${formatReport(pages.slice(0, -1).map(seriesOf), seriesOf(baselinePage), {
      minutes: options.minutes,
      sampleSec: options.sampleSec,
      rate: options.rate,
      changes: await changesSince(database.url, measuredFrom),
    })}\n`,
  );
  return 0;
}

runBench('bench:soak', () => run(readOptions(process.argv.slice(2))));
