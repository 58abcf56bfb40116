/**
 * Two plans of a day by one learned method and two models (the shipped one chosen by size, then another activated in
 * Training): the history and the driver sheets name each plan's model, as the plan view does, so that the two can be told apart, and in a
 * 1024 x 700 window the open plan's entry is still whole, none of its text cut off.
 */
import { expect, type Locator, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('two-models.csv', { viewport: { width: 1024, height: 700 } });
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Plans the open day with JAMPR greedy under hard windows; the plan's id and the model the plan view names. */
async function planWithModel(): Promise<{ id: string; model: string }> {
  // Read at once: getAttribute on a plan view with no plan yet would wait out the action timeout for one.
  const meta = byTest('plan-meta');
  const before = (await meta.count()) > 0 ? await meta.getAttribute('data-plan-id') : null;
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('jampr-greedy');
  await byTest('plan-button').click();
  await expect(meta).not.toHaveAttribute('data-plan-id', before ?? '', { timeout: 60_000 });
  const text = (await meta.textContent()) ?? '';
  const model = /^JAMPR greedy \(([^)]+)\)/.exec(text)?.[1];
  expect(model, `the plan view names the model: ${text}`).toBeTruthy();
  return { id: (await meta.getAttribute('data-plan-id'))!, model: model! };
}

test('two JAMPR greedy plans of a day by two models are told apart in the history by their models', async () => {
  const first = await planWithModel();
  // Another hard-window JAMPR model, activated for this plan and put back to the automatic choice after.
  await byTest('tab-training').click();
  const other = app.page
    .locator('[data-testid^="model-row-"]', { hasText: /jampr-tw1-n\d+/ })
    .filter({ hasNotText: first.model })
    .first();
  await other.locator('[data-testid^="activate-model-"]').click();
  await other.locator('[data-testid^="model-active-"]').waitFor();
  await byTest('tab-plan').click();
  let second: { id: string; model: string };
  try {
    second = await planWithModel();
  } finally {
    await byTest('tab-training').click();
    await other.locator('[data-testid^="automatic-model-"]').click();
    await other.locator('[data-testid^="activate-model-"]').waitFor();
    await byTest('tab-plan').click();
  }
  expect(second.model, 'the second plan was made by the model activated').not.toBe(first.model);
  await expect(byTest(`history-plan-${first.id}`)).toContainText(`JAMPR greedy (${first.model})`);
  await expect(byTest(`history-plan-${second.id}`)).toContainText(`JAMPR greedy (${second.model})`);
  // The driver sheets' header names the model too: a printed sheet is told apart from another model's as well.
  await byTest('open-sheets').click();
  await expect(app.page.locator('.sheet-plan').first()).toContainText(`JAMPR greedy (${second.model})`);
  await byTest('sheets-close').click();
  await expect(byTest('driver-sheets')).toHaveCount(0);

  // At 1024 x 700 the open day and its newest plan's entry, its model named, are whole in the history as it opens (as
  // real-day checks for a plan without a model), and no line of the entry runs past its edge.
  const entry = byTest(`history-plan-${second.id}`);
  const [shown, day, whole] = [
    await box(app.page.locator('.history-list')),
    await box(app.page.locator('.history-item.current .history-row')),
    await box(entry),
  ];
  expect(within(day, shown), `the open day ${JSON.stringify(day)} in the history ${JSON.stringify(shown)}`).toBe(true);
  expect(within(whole, shown), `its plan ${JSON.stringify(whole)} in the history ${JSON.stringify(shown)}`).toBe(true);
  const overflow = await entry.evaluate((el) => {
    const button = el as unknown as { scrollWidth: number; clientWidth: number };
    return button.scrollWidth - button.clientWidth;
  });
  expect(overflow, 'no text runs past the entry').toBeLessThanOrEqual(0);
  await app.session.screenshot('history-two-models-1024');
});
