/**
 * A stop selected on the map is drawn larger and ringed in dark, with its label and its order badge where they lie on
 * the stop unselected: the badge at its top right reaching no further over the label (a thicker border moved the badge
 * in, over the top of the label's last character).
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('selected-marker.csv');

/** How far the order badge reaches over the label, across and down (px), and how much the marker is scaled. */
const badgeOverLabel = (id: string): Promise<{ across: number; down: number; scale: number }> =>
  app.page.getByTestId(`marker-${id}`).evaluate((marker) => {
    const el = marker as unknown as {
      querySelector(s: string): { getBoundingClientRect(): { left: number; right: number; top: number; bottom: number } };
      getBoundingClientRect(): { width: number };
      offsetWidth: number;
    };
    const label = el.querySelector('span').getBoundingClientRect();
    const badge = el.querySelector('.stop-order').getBoundingClientRect();
    return { across: label.right - badge.left, down: badge.bottom - label.top, scale: el.getBoundingClientRect().width / el.offsetWidth };
  });

test("a selected stop's order badge lies no further over its label than unselected", async () => {
  const { byTest } = app;
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  const id = 'S10';
  await expect(byTest(`order-${id}`)).toBeVisible();
  const plain = await badgeOverLabel(id);
  await byTest(`stop-chip-${id}`).click();
  await expect(byTest(`marker-${id}`)).toHaveAttribute('data-selected', 'true');
  const selected = await badgeOverLabel(id);
  expect(selected.scale, 'drawn larger').toBeGreaterThan(1.1);
  expect(selected.across / selected.scale).toBeLessThanOrEqual(plain.across + 0.25);
  expect(selected.down / selected.scale).toBeLessThanOrEqual(plain.down + 0.25);
  expect(app.session.errors).toEqual([]);
});
