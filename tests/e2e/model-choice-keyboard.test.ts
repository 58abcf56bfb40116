/**
 * Choosing a model from the keyboard in the Training tab's Models table: Enter on "Activate" makes the model active
 * and keeps the focus on that row's button, which now reads "Use automatic choice"; Enter again goes back to the
 * automatic choice, the focus still there. A keyboard user never lands back at the top of the page after either.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './support/browser.js';

test('Enter on Activate and on Use automatic choice keeps the focus on the row', async ({ browser }) => {
  const session = await openApp(browser);
  const page = session.page;
  try {
    await page.getByTestId('tab-training').click();
    // A shipped model: activated here and put back to the automatic choice before the test ends.
    const row = page.locator('[data-testid^="model-row-"]', { hasText: 'jampr-tw2-n50' });
    const button = row.getByRole('button', { name: /^(Activate|Use automatic choice)$/ });
    await expect(button).toHaveText('Activate');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(row.locator('[data-testid^="model-active-"]')).toBeVisible();
    await expect(button).toHaveText('Use automatic choice');
    await expect(button, 'the focus stays on the row, on its button').toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row.locator('[data-testid^="model-active-"]')).toHaveCount(0);
    await expect(button).toHaveText('Activate');
    await expect(button, 'the focus stays on the row after going back to the automatic choice').toBeFocused();
    expect(session.errors).toEqual([]);
  } finally {
    const back = page.locator('[data-testid^="model-row-"]', { hasText: 'jampr-tw2-n50' }).locator('[data-testid^="automatic-model-"]');
    if ((await back.count()) > 0) await back.click();
    await session.close();
  }
});
