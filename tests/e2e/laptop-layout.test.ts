/**
 * What a dispatcher sees at 1366 x 768 (the common laptop) and 1920 x 1080, measured box by box: the reason Plan waits
 * on an empty day lies clear of the Plan card (it crossed the card's top edge).
 */
import { expect, type Locator, test } from '@playwright/test';
import { filePage } from './support/day-page.js';

const LAPTOP = { width: 1366, height: 768 };
const FULL_HD = { width: 1920, height: 1080 };

// Scrollbars as a dispatcher's window draws them, each taking its width: a headless browser hides them unless told not to.
test.use({ launchOptions: async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] }) });

const app = filePage({ setUp: (page) => page.setViewportSize(LAPTOP) });
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const bottom = (b: Box) => b.y + b.height;
const right = (b: Box) => b.x + b.width;
const overlaps = (p: Box, q: Box) => p.x < right(q) && q.x < right(p) && p.y < bottom(q) && q.y < bottom(p);

test('on an empty day the reason Plan waits lies clear of the Plan card', async () => {
  const reason = byTest('plan-button-blocked');
  await expect(reason).toHaveText('Open or import a day first');
  const card = app.page.locator('#plan-side .panel').first();
  for (const size of [LAPTOP, FULL_HD]) {
    await app.page.setViewportSize(size);
    const [said, panel] = [await box(reason), await box(card)];
    expect(
      overlaps(said, panel),
      `${size.width} x ${size.height}: the reason ${JSON.stringify(said)} over the card ${JSON.stringify(panel)}`,
    ).toBe(false);
    expect(right(said), 'whole in the window').toBeLessThanOrEqual(size.width);
  }
  await app.page.setViewportSize(LAPTOP);
  await app.session.screenshot('laptop-empty-day');
});

test('the page reported no errors of its own', () => {
  expect(app.session.errors).toEqual([]);
});
