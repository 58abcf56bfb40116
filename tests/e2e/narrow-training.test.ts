/**
 * The Training view in windows of 1,100 px and less, where its panels stack: each panel is drawn below the one
 * before it, whole (the learning curve was drawn over the form's day checkboxes and Start button, the form's Cancel
 * inside the models table), and the page scrolls to reach the models; and after a run, at 1280 x 800 as well, the
 * learning curve stays inside its card below the run's verdict, clear of the models.
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

/** The lines the "Start from untrained weights" label's text takes, and the gap between the model's name and its comma. */
async function fromScratchText(): Promise<{ lines: number; gapAfterName: number }> {
  return (await app.page.evaluate(`(() => {
    const box = document.querySelector('[data-testid="train-from-scratch"]');
    const range = document.createRange();
    range.setStartAfter(box);
    range.setEndAfter(box.parentElement.lastChild);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const name = document.querySelector('[data-testid="train-starts-from"]');
    const after = document.createRange();
    after.setStart(name.nextSibling, 0);
    after.setEnd(name.nextSibling, 1);
    return { lines: tops.size, gapAfterName: after.getBoundingClientRect().left - name.getBoundingClientRect().right };
  })()`)) as { lines: number; gapAfterName: number };
}

test('"Start from untrained weights (otherwise from …)" reads as one paragraph beside its checkbox', async () => {
  await byTest('tab-training').click();
  await expect(byTest('train-starts-from')).toHaveText('jampr-tw1-n20');
  for (const [width, height, lines] of [
    [1280, 800, 3],
    [1024, 700, 1],
  ]) {
    await app.page.setViewportSize({ width, height });
    const text = await fromScratchText();
    expect(text.lines, `${width} x ${height}: lines of the label`).toBeLessThanOrEqual(lines);
    expect(Math.abs(text.gapAfterName), `${width} x ${height}: the comma follows the model's name`).toBeLessThan(1);
    expect(await box('train-from-scratch').then((b) => b.x), 'the checkbox before the text').toBeLessThan(
      (await byTest('train-starts-from').boundingBox())!.x,
    );
  }
});

test('after a run, its verdict above the learning curve leaves the chart and its legend inside their card, above the models', async () => {
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await byTest('tab-training').click();
  await byTest('train-size').fill('10');
  // Shorter than the shortest run that trains (limits.ts), it is refused in the field, which names the minimum.
  await byTest('train-minutes').fill('0.25');
  await expect(byTest('train-minutes').locator('xpath=..')).toContainText('must be at least 0.5');
  await expect(byTest('train-start')).toBeDisabled();
  await byTest('train-minutes').fill('0.5');
  await byTest('train-name').fill('a-model-named-at-length-for-the-north-depot-days');
  await app.page.locator('[data-testid^="train-instance-"]').first().check();
  await byTest('train-start').click();
  // Cancelled once a step has been trained: its model is kept and judged, and the verdict is drawn as a finished run's
  // (model-training.test.ts waits out a run's minutes).
  await app.page.locator('[data-testid="training-status"][data-status="running"]').waitFor({ timeout: 30_000 });
  await app.page.locator('[data-testid="learning-curve"]:not([data-points="0"]):not([data-points="1"])').waitFor({ timeout: 90_000 });
  await byTest('train-cancel').click();
  // This run's own verdict, which names its model: a run of another test file on the same server may have left one on
  // screen, which was measured as the card changed to this run's.
  await expect(byTest('training-verdict')).toContainText('a-model-named-at-length-for-the-north-depot-days', { timeout: 90_000 });
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ]) {
    await app.page.setViewportSize({ width, height });
    const [card, chart, models] = [
      await box('training-run'),
      (await byTest('learning-curve').locator('canvas').boundingBox())!,
      await box('models-panel'),
    ];
    const where = `${width} x ${height}: the chart ${JSON.stringify(chart)} in the card ${JSON.stringify(card)}`;
    expect(chart.y + chart.height, where).toBeLessThanOrEqual(card.y + card.height);
    expect(chart.height, `${width} x ${height}: the chart keeps a readable height`).toBeGreaterThanOrEqual(150);
    // The validation axis's title (green, at the chart's right edge) is drawn whole: where it is longer than the axis is
    // high it takes more lines, rather than run off the canvas's top ("alidation (plan cost, held-out days)").
    expect(await titleRowsAtTheTop(), `${width} x ${height}: rows of the canvas's top edge with the validation title's green`).toBe(0);
    const sideBySide = models.x >= card.x + card.width - 1;
    expect(sideBySide || below(models, card), `${width} x ${height}: the models ${JSON.stringify(models)} clear of the card`).toBe(true);
    await app.session.screenshot(`training-verdict-${width}x${height}`);
  }
});

test("Start shows the new run at once: the previous run's verdict and curve leave the card before the server answers", async () => {
  await byTest('tab-training').click();
  await expect(byTest('training-verdict')).toBeVisible();
  await byTest('train-minutes').fill('0.5');
  await byTest('train-name').fill('a-second-run');
  // The server's answer held back a moment, as on a busy machine: meanwhile the card must not show the run before.
  let answer = () => {};
  const held = new Promise<void>((r) => {
    answer = r;
  });
  await app.page.route(/\/api\/training%3Astart$/, async (route) => {
    await held;
    await route.continue();
  });
  await byTest('train-start').click();
  await expect(byTest('training-verdict')).toBeHidden();
  await expect(byTest('learning-curve')).toHaveAttribute('data-points', '0');
  answer();
  await expect(app.page.locator('[data-testid="training-status"][data-status="running"]')).toBeVisible();
  await app.page.unroute(/\/api\/training%3Astart$/);
  await byTest('train-cancel').click();
  await expect(app.page.locator('[data-testid="training-status"][data-status="cancelled"]')).toBeVisible({ timeout: 60_000 });
});

/**
 * Rows among the learning curve's top three with the validation axis's green (#16a34a) in the canvas's right fifth, where
 * that axis and its title are drawn: a title centred on an axis shorter than itself is cut off there.
 */
async function titleRowsAtTheTop(): Promise<number> {
  return (await app.page.evaluate(`(() => {
    const canvas = document.querySelector('[data-testid="learning-curve"] canvas');
    const from = Math.floor(canvas.width * 0.8);
    const { data } = canvas.getContext('2d').getImageData(from, 0, canvas.width - from, 3);
    const rows = new Set();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 60 && g > r + 60 && g > b + 40) rows.add(Math.floor(i / 4 / (canvas.width - from)));
    }
    return rows.size;
  })()`)) as number;
}

test('the page reported no errors of its own', () => {
  expect(app.session.errors).toEqual([]);
});
