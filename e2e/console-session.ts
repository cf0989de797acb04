import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { screenshot } from './browser.ts';

/** The console's navigation, by the links' accessible names (product.md §9). */
export const CONSOLE_SECTIONS = [
  'Setup',
  'Boards',
  'Screens',
  'Desk',
  'Care setting',
  'Equipment',
  'Users',
] as const;

export const DEMO_ADMIN = { email: 'admin@demo.test', password: 'careboard-demo' } as const;

/**
 * Opens `path` of the console and signs in on the embedded provider's own page
 * (the console redirects there by itself); answers once the console's navigation shows.
 */
export async function signInToConsole(
  page: Page,
  server: TestServer,
  path = '/console',
  person: { readonly email: string; readonly password: string } = DEMO_ADMIN,
): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByLabel('Email').fill(person.email, { timeout: 60_000 });
  // The provider's page says what the sign-in is for: the console, not a board.
  await page.getByText('Sign in to the Careboard console.').waitFor();
  await page.getByLabel('Password').fill(person.password);
  await screenshot(page, 'console-provider-sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The provider may ask for consent first (prompt=consent); the board's sign-in never stops there.
  const navigation = page.getByRole('navigation');
  const consent = page.getByRole('button', { name: /allow|continue|confirm/i }).first();
  // Once the console shows, the consent waiter must not click anything: it would otherwise
  // press the first console button named like "continue" whenever one appears.
  let signedIn = false;
  await Promise.race([
    navigation.first().waitFor({ timeout: 60_000 }),
    consent.waitFor({ timeout: 60_000 }).then(() => (signedIn ? undefined : consent.click())),
  ]).catch(() => undefined);
  signedIn = true;
  await navigation
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      await screenshot(page, 'console-sign-in-stuck');
      throw error;
    });
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

/** Runs axe-core (WCAG 2.x A and AA rules) in the page; answers its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeRun> } }
    ).axe;
    interface AxeRun {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}
