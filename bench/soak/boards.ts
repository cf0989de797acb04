import type { Browser, CDPSession, Page } from 'playwright-core';
import { signIn, VIEWPORT } from '../board/page.ts';

export interface SoakPage {
  readonly label: string;
  readonly page: Page;
  readonly cdp: CDPSession;
}

/** The four demo boards, one of each type (docs/product.md, The demo), and the bench's idle baseline. */
export const SOAKED_BOARDS = [
  { id: 1, label: 'workflow (1)' },
  { id: 2, label: 'family (2)' },
  { id: 3, label: 'patient (3)' },
  { id: 4, label: 'assets-par-level (4)' },
] as const;

/** A board id the demo does not have: the app, signed in, says 'Display board does not exist.' */
export const BASELINE = { id: 999, label: 'baseline: no board (999)' } as const;

/**
 * `/?id=<id>` in a browser context of its own (its own renderer process, so the
 * process-wide DOM counters are this page's), signed in as admin@demo.test, once
 * the board is live (or, for the baseline, once it says the board does not exist).
 */
export async function openSoakPage(
  browser: Browser,
  baseUrl: string,
  board: { readonly id: number; readonly label: string },
): Promise<SoakPage> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/?id=${board.id}`);
  await signIn(page);
  const ready =
    board.id === BASELINE.id
      ? page.getByText('Display board does not exist.')
      : page.locator('.board[data-live="true"]');
  await ready.waitFor({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { label: board.label, page, cdp };
}
