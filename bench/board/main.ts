/**
 * bench/board: the main-thread cost of a live change on a 500-row workflow board,
 * in Debian's Chromium with 4× CPU throttling, next to the cost of a full
 * snapshot of the same board in the same run (the baseline of the ratio).
 *
 *   npm run bench:board [-- --rows 500 --runs 30 --cpu 4]
 *
 * The real server runs in this process on a fresh embedded PostgreSQL; the 500
 * visits go straight into its store with SQL before the board opens, so the
 * board's first snapshot carries them all; each change is made through the REST
 * API and timed in the page as its frame arrives (probe.ts). Throttled timings
 * of a millisecond or two scatter (the throttler suspends the main thread in
 * slices; other processes share the cores): the median of 30 runs is the figure.
 * Exits 1 only when the bench cannot run; over budget is reported, not a failure.
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/browser.ts';
import { onCleanUp, progress, runBench } from '../bench-runner.ts';
import { startBenchDatabase } from '../fanout/database.ts';
import { boardToken } from '../fanout/token.ts';
import { restClient } from './api.ts';
import { openBenchBoard, replaySnapshot, timeChange, VIEWPORT } from './page.ts';
import type { FrameSample } from './probe.ts';
import { formatReport, type Series } from './report.ts';
import { fillWorkflowBoard, phasesOfVisit } from './seed.ts';
import { startBoardServer } from './server.ts';

/** Runs before the measured ones, so the page's code is compiled and warm. */
const WARM_UP = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Options {
  readonly rows: number;
  readonly runs: number;
  /** CDP CPU throttling rate (1: none); the budget is set at 4. */
  readonly cpu: number;
}

function readOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      rows: { type: 'string', default: '500' },
      runs: { type: 'string', default: '30' },
      cpu: { type: 'string', default: '4' },
    },
  });
  const options = { rows: Number(values.rows), runs: Number(values.runs), cpu: Number(values.cpu) };
  if (!Object.values(options).every((value) => Number.isInteger(value) && value >= 1)) {
    throw new Error('--rows, --runs and --cpu take positive whole numbers.');
  }
  return options;
}

/** Runs `measure` WARM_UP + runs times with a pause between, keeping the measured ones. */
async function series(runs: number, measure: (run: number) => Promise<FrameSample>): Promise<FrameSample[]> {
  const samples: FrameSample[] = [];
  for (let run = 0; run < WARM_UP + runs; run++) {
    const sample = await measure(run);
    if (run >= WARM_UP) samples.push(sample);
    // Let the page settle (garbage collection, the ticker) between runs.
    await pause(150);
  }
  return samples;
}

async function run(options: Options): Promise<number> {
  progress('starting PostgreSQL and the server');
  const database = await startBenchDatabase();
  onCleanUp(() => database.stop());
  const server = await startBoardServer(database.url, path.join(database.dir, 'server'));
  onCleanUp(() => server.close());
  const data = await fillWorkflowBoard(database.url, options.rows);
  const call = await restClient(
    server.baseUrl,
    await boardToken(database.url, server.baseUrl, 'access:display-board write:patients write:*'),
  );
  // Page 1 stays on screen for the whole run: the changed patient's row is in the DOM.
  await call('PATCH', `/display-boards/${data.boardId}`, { page_rotation_sec: 3600 });

  progress(`opening board ${data.boardId} with ${data.visits} patients in Chromium`);
  const browser: Browser = await launchBrowser();
  onCleanUp(() => browser.close());
  const page = await openBenchBoard(browser, server.baseUrl, data.boardId, options.cpu);
  const onScreen = await page.locator('.workflow-row').count();
  const pageText =
    (await page
      .getByTestId('page-indicator')
      .textContent()
      .catch(() => null)) ?? 'one page';

  progress('full snapshot, replayed');
  const snapshots = await series(options.runs, () => replaySnapshot(page));

  const key = (await page.locator('.workflow-row').first().getAttribute('data-key')) ?? '';
  const visitId = Number(key.replace('visit:', ''));
  const [placeA, placeB] = data.places;
  if (!visitId || !placeA || !placeB) throw new Error('No patient or places to change.');
  const [phaseNow] = await phasesOfVisit(database.url, visitId);

  progress(`one change: ${key} moves between two places`);
  const moves = await series(options.runs, (i) => {
    const place = i % 2 === 0 ? placeA : placeB;
    const check = { selector: `[data-key="${key}"] .workflow-cell-location`, text: place.name };
    return timeChange(page, `place-${i}`, key, check, () =>
      call('POST', `/visits/${visitId}/phase`, { phase_id: phaseNow, location_id: place.id }),
    );
  });

  // Each run moves the patient at the top of the page on to the next phase: a row leaves the page, another comes.
  progress('one change: the first patient on screen moves on to the next phase');
  const phaseMoves = await series(options.runs, async (i) => {
    const first = (await page.locator('.workflow-row').first().getAttribute('data-key')) ?? '';
    const [, next] = await phasesOfVisit(database.url, Number(first.replace('visit:', '')));
    const gone = { selector: `.workflow-row[data-key="${first}"]`, text: null };
    return timeChange(page, `phase-${i}`, first, gone, () =>
      call('POST', `/visits/${first.replace('visit:', '')}/phase`, { phase_id: next }),
    );
  });

  const all: Series[] = [
    { label: 'one change: a patient’s place (1 row)', change: true, samples: moves },
    { label: 'one change: a patient’s phase (leaves the page)', change: true, samples: phaseMoves },
    { label: `full snapshot (${data.visits} patients), baseline`, change: false, samples: snapshots },
  ];
  process.stdout.write(
    `\n${formatReport(all, {
      rows: data.visits,
      runs: options.runs,
      throttling: options.cpu,
      viewport: `${VIEWPORT.width}×${VIEWPORT.height}`,
      onScreen,
      pageText,
    })}\n`,
  );
  const unrendered = [...moves, ...phaseMoves].filter((sample) => sample.rendered === false).length;
  if (unrendered > 0) {
    process.stdout.write(
      `FAILED ${unrendered} changes were not on screen by the end mark: the timing misses work\n`,
    );
    return 1;
  }
  return 0;
}

runBench('bench:board', () => run(readOptions(process.argv.slice(2))));
