import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';

/** What a screen waiting for activation shows, with its code. */
export const ACTIVATE_TEXT = /To activate this device use the following code: ([A-Z]{4}-[A-Z]{4})/;

/** The code and link the screen shows while it waits to be activated. */
export async function codeOnScreen(page: Page): Promise<{ code: string; link: string }> {
  const text = page.getByText(ACTIVATE_TEXT);
  await text.waitFor({ timeout: 30_000 });
  const code = ACTIVATE_TEXT.exec((await text.textContent()) ?? '')?.[1] ?? '';
  const link = (await page.locator(`a[href*="user_code=${code}"]`).first().getAttribute('href')) ?? '';
  return { code, link };
}

/** A person with a phone: opens the link, checks the code, signs in, confirms or denies. */
export async function confirmOnPhone(
  browser: Browser,
  link: string,
  code: string,
  answer: 'Confirm' | 'Deny',
  email = 'admin@demo.test',
): Promise<void> {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(link);
  await expect.poll(() => page.getByText(code).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: answer }).click();
  if (answer === 'Confirm') {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('careboard-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Display activated').waitFor({ timeout: 15_000 });
  } else {
    await page.getByText('Activation denied').waitFor({ timeout: 15_000 });
  }
  await screenshot(page, `phone-${answer.toLowerCase()}`);
  await phone.close();
}
