/**
 * The Training view in windows of 1,100 px and less, where its panels stack: each panel is drawn below the one
 * before it, whole (the learning curve was drawn over the form's day checkboxes and Start button, the form's Cancel
 * inside the models table), and the page scrolls to reach the models.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('narrow.csv');
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const box = async (id: string): Promise<Box> => (await byTest(id).boundingBox())!;
const below = (lower: Box, upper: Box) => lower.y >= upper.y + upper.height - 1;

for (const [width, height] of [
  [1024, 700],
  [1024, 1000],
  [1100, 800],
]) {
  test(`at ${width} x ${height} the form, the learning curve and the models are stacked without overlap`, async () => {
    await app.page.setViewportSize({ width, height });
    await byTest('tab-training').click();
    await byTest('models-table').waitFor();
    const form = await box('training-form');
    const run = await box('training-run');
    const models = await box('models-panel');
    expect(below(run, await box('train-start')), 'Start training above the learning curve').toBe(true);
    expect(below(run, await box('train-cancel')), 'Cancel above the learning curve').toBe(true);
    expect(below(run, await box('train-instances')), 'the day checkboxes above the learning curve').toBe(true);
    expect(below(run, form), 'the learning curve under the whole form').toBe(true);
    expect(below(models, run), 'the models under the learning curve').toBe(true);
    await app.session.screenshot(`narrow-training-${width}x${height}`);
    // The page scrolls to the models, and the form's buttons stay clickable (nothing drawn over them).
    await byTest('models-table').scrollIntoViewIfNeeded();
    await expect(byTest('models-table')).toBeInViewport();
    await byTest('train-start').scrollIntoViewIfNeeded();
    await byTest('train-instances').locator('input[type="checkbox"]').first().click({ trial: true });
    await byTest('train-start').click({ trial: true });
  });
}

test('the page reported no errors of its own', () => {
  expect(app.session.errors).toEqual([]);
});
