/**
 * The Not-served list of a real day whose shops have names of a real city's length, in the plan's panel at 1280 x 800
 * (a narrow side column) and 1024 x 700: each reason's count stays on the reason's first line, and a customer's id and
 * name get the row's room beside the route picker rather than a few letters.
 */
import { expect, type Locator, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { realDayCsv } from './support/fixtures.js';

const csv = realDayCsv(80).replace(/,Shop (\d+),/g, ',Tasca do Zé $1,');
const app = cityDayPage('tascas.csv', { viewport: { width: 1280, height: 800 }, csv });
const byTest = app.byTest;

const box = async (locator: Locator) => (await locator.boundingBox())!;

test.beforeAll(async () => {
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
});

for (const [width, height] of [
  [1280, 800],
  [1024, 700],
]) {
  test(`at ${width} x ${height} the count stays with its reason and the names are whole`, async () => {
    await app.page.setViewportSize({ width, height });
    const group = byTest('not-served-group').filter({ hasText: 'more than the fleet carries' });
    const reason = group.getByTestId('not-served-reason');
    await reason.scrollIntoViewIfNeeded();
    const [heading, count] = [await box(reason), await box(reason.locator('.count'))];
    expect(
      count.y - heading.y,
      `the count ${JSON.stringify(count)} on the first line of the reason ${JSON.stringify(heading)}`,
    ).toBeLessThan(6);
    // "R12 · Tasca do Zé 12" and the like are whole (the id and name were cut to "R12 · Tasca d…"); the day's two ids of
    // twenty letters may be cut, whole in their tooltips.
    const cut = await group
      .locator('[data-testid^="not-served-R"] .not-served-who')
      .evaluateAll((names) =>
        (names as unknown as { scrollWidth: number; clientWidth: number; textContent: string }[])
          .filter((name) => name.scrollWidth > name.clientWidth)
          .map((name) => name.textContent),
      );
    expect(cut, `${width} x ${height}: names cut`).toEqual([]);
    const picker = await box(group.locator('select').first());
    const side = await box(app.page.locator('#plan-side'));
    expect(picker.x + picker.width, 'the route picker inside the panel').toBeLessThanOrEqual(side.x + side.width);
    await app.session.screenshot(`not-served-names-${width}`);
  });
}
