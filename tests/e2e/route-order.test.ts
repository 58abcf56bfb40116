/**
 * The order each vehicle drives, on the map: every routed stop carries its place in its route in a badge of its
 * route's colour, named in the map's key, in the Plan view and in Compare's maps alike; on a 200-stop day seen whole
 * the badges shown run into no label nor badge, and zoomed in more of them show.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openApp } from './support/browser.js';
import { cityDayPage } from './support/city-day-page.js';
import { compareHardAndSoft } from './support/compare.js';
import { importCsv } from './support/csv-import.js';
import { realDayCsv } from './support/fixtures.js';

type Box = { x: number; y: number; width: number; height: number };
const apart = (a: Box, b: Box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

/** The route colour a badge is drawn in: its ring (its digits are darkened where the colour is light: route-ink.ts). */
const badgeColour = async (badge: Locator) => /(?:^|;)border-color:([^;]+)/.exec((await badge.getAttribute('style')) ?? '')?.[1];

async function planClassical(page: Page) {
  await page.getByTestId('method').selectOption('classical');
  await page.getByTestId('method-effort').fill('0.5');
  await page.getByTestId('plan-button').click();
  await expect(page.getByTestId('plan-meta')).toBeVisible({ timeout: 60_000 });
}

test.describe('the city day', () => {
  const app = cityDayPage('route-order.csv');

  test("each routed stop's badge is its place in its route, in the route's colour, and the key names it", async () => {
    const { page, byTest } = app;
    await planClassical(page);
    const routes = await page.locator('[data-testid^="legend-route-"]').count();
    expect(routes).toBeGreaterThan(0);
    for (let r = 0; r < routes; r++) {
      const ids = (await byTest(`legend-route-${r}`).locator('[data-testid^="stop-chip-"]').allTextContents()).map((t) => t.trim());
      const colour = await byTest(`route-line-${r}`).getAttribute('data-colour');
      for (const [i, id] of ids.entries()) {
        const badge = byTest(`order-${id}`);
        await expect(badge, `${id}'s badge`).toHaveText(String(i + 1));
        expect(await badgeColour(badge), `${id}'s badge in route ${r + 1}'s colour`).toBe(colour);
      }
    }
    // Each labelled stop shows its badge; the key says what the numbers are.
    for (const badge of await page.locator('.stop-marker-host:not(.label-hidden) [data-testid^="order-"]').all())
      await expect(badge).toBeVisible();
    await expect(byTest('map-key-order')).toHaveText('order in route');
    await app.session.screenshot('route-order-plan');
  });

  test("Compare's maps number each route's stops 1, 2, 3... in its colour, as the Plan view's map does", async () => {
    const { page, byTest } = app;
    await compareHardAndSoft(page);
    for (const map of ['map-a', 'map-b']) {
      const lines = await byTest(map).locator('[data-testid^="route-line-"]').all();
      const colours = await Promise.all(lines.map((line) => line.getAttribute('data-colour')));
      const byColour = new Map<string, number[]>();
      for (const badge of await byTest(map).locator('[data-testid^="order-"]').all()) {
        const colour = (await badgeColour(badge))!;
        byColour.set(colour, [...(byColour.get(colour) ?? []), Number(await badge.textContent())]);
      }
      expect([...byColour.keys()].sort(), `${map}: a badge colour per route line`).toEqual([...colours].sort());
      for (const [colour, orders] of byColour)
        expect(
          orders.sort((p, q) => p - q),
          `${map}: the route in ${colour}`,
        ).toEqual(orders.map((_, i) => i + 1));
      await expect(byTest(`${map}-key-order`)).toBeVisible();
    }
    await app.session.screenshot('route-order-compare');
    expect(app.session.errors).toEqual([]);
  });
});

test('on a 200-stop day seen whole, the badges shown run into no label nor badge, and zoomed in more show', async ({ browser }) => {
  const session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  try {
    await importCsv(page, 'route-order-200.csv', realDayCsv(200), { vehicles: 10, capacity: 80, speedKmh: 25 });
    await planClassical(page);
    const shownBadges = page.locator('.stop-marker-host:not(.label-hidden) .stop-order');
    await expect.poll(() => shownBadges.count()).toBeGreaterThan(10);
    const boxes: { what: string; box: Box }[] = [];
    for (const marker of await page.locator('.stop-marker-host:not(.label-hidden) .stop-marker').all()) {
      const id = await marker.getAttribute('data-testid');
      boxes.push({ what: `${id}'s id`, box: (await marker.locator('span').boundingBox())! });
      const badge = marker.locator('.stop-order');
      if (await badge.count()) boxes.push({ what: `${id}'s badge`, box: (await badge.boundingBox())! });
    }
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        if (!a.what.startsWith(b.what.split("'")[0])) expect(apart(a.box, b.box), `${a.what} and ${b.what}`).toBe(true);
    await session.screenshot('route-order-200-whole');
    const whole = await shownBadges.count();
    for (let step = 0; step < 2; step++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(400);
    }
    await expect.poll(() => shownBadges.count()).toBeGreaterThan(whole);
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
});
