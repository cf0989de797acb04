import type { Locator, Page } from 'playwright-core';
import { screenshot } from './browser.ts';

/**
 * Picks `option` in the MUI select labelled `label` inside `scope`, and answers once its menu
 * has gone. While the menu closes it hides everything else from
 * the accessibility tree (its modal's aria-hidden), so the next step's roles are only found
 * after it; a menu still open 15 s after the click fails here, with a picture and the page's
 * hidden layers in the error, instead of as the next button "not found".
 */
export async function chooseOption(
  page: Page,
  scope: Locator | Page,
  label: string,
  option: string | RegExp,
): Promise<void> {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  try {
    await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 15_000 });
  } catch (error) {
    const layers = await page.evaluate(() =>
      [...document.body.children].map(
        (element) => `${element.tagName.toLowerCase()} aria-hidden=${element.getAttribute('aria-hidden')}`,
      ),
    );
    const picture = await screenshot(page, `select-still-open-${label.replace(/\W+/g, '-')}`);
    throw new Error(`the menu of "${label}" stayed open; body: ${layers.join(', ')}; ${picture}`, {
      cause: error,
    });
  }
}
