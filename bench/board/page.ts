import type { Browser, Page } from 'playwright-core';
import { type Expectation, type FrameSample, installProbe } from './probe.ts';

export const VIEWPORT = { width: 1920, height: 1080 } as const;

/**
 * A board page signed in as admin@demo.test through the embedded provider's
 * sign-in page, the frame probe installed before the app's own scripts, and the
 * CPU throttled. Waits for the first snapshot.
 */
export async function openBenchBoard(
  browser: Browser,
  baseUrl: string,
  boardId: number,
  cpuThrottlingRate: number,
): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/?id=${boardId}`);
  await signIn(page);
  await page.locator('.board[data-live="true"] .workflow-row').first().waitFor({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  // 4 makes the page's main thread four times slower than this machine's.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
  return page;
}

/** Signs in as admin@demo.test on the embedded provider's sign-in page the board app sent `page` to. */
export async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill('admin@demo.test', { timeout: 60_000 });
  await page.getByLabel('Password').fill('careboard-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Replays the first snapshot through the socket's handler, timed in the page. */
export function replaySnapshot(page: Page): Promise<FrameSample> {
  return page.evaluate(() => {
    const probe = window.__boardBench;
    if (!probe) throw new Error('The frame probe is not installed.');
    return probe.replaySnapshot();
  });
}

/**
 * Makes one change (`trigger`, through the API) and answers the page's timing of
 * the frame that carries it: the frame holding `visitKey`, tagged before the change.
 */
export async function timeChange(
  page: Page,
  tag: string,
  visitKey: string,
  check: Expectation['check'],
  trigger: () => Promise<unknown>,
): Promise<FrameSample> {
  await page.evaluate(
    ({ tag, holds, check }) => {
      const probe = window.__boardBench;
      if (probe) probe.expect = { tag, holds, check };
    },
    // The key as it appears in the frame's JSON text inside the message, closing quote included.
    { tag, holds: `${visitKey}\\"`, check },
  );
  await trigger();
  const sample = await page.waitForFunction(
    (wanted) => window.__boardBench?.samples.find((sample) => sample.tag === wanted) ?? null,
    tag,
    { timeout: 30_000, polling: 100 },
  );
  return (await sample.jsonValue()) as FrameSample;
}
