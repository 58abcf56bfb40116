/**
 * What a screen reader and the keyboard find: each day's button that shows its plans in the history names the day
 * (every one read "Show plans"); the left sidebar and the map are named regions; the timeline says how to move a stop
 * from the keyboard, not only by dragging; Enter in a field of the Plan bar plans, as in a form, when Plan is enabled;
 * the route legend's entries are named by their routes, and a stop's chip by its place in its route.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('names.csv');
const byTest = app.byTest;

test('the history names the day whose plans each button shows or hides, and says whether they are shown', async () => {
  const { page } = app;
  const name = await byTest('instance-name').inputValue();
  // The day on screen shows its plans.
  const toggle = page.getByRole('button', { name: `Hide the plans of ${name}`, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Show plans', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Hide plans', exact: true })).toHaveCount(0);
});

test('the left sidebar and the map are regions with names', async () => {
  const { page } = app;
  await expect(page.getByRole('complementary', { name: 'History and customers' })).toBeVisible();
  await expect(page.getByRole('region', { name: "Map of the day's stops and routes" })).toBeVisible();
});

test("Enter in the Plan bar's α field plans the day, as the Plan button does", async () => {
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('jampr-greedy');
  await byTest('policy-alpha').fill('0.2');
  await byTest('policy-alpha').press('Enter');
  await expect(byTest('plan-meta')).toContainText('JAMPR', { timeout: 60_000 });
  await expect(byTest('plan-meta')).toContainText('hard');
  // The timeline under the map tells the keyboard's way to move a stop too.
  await expect(byTest('gantt-move-hint')).toContainText('Drag a stop onto another vehicle');
  await expect(byTest('gantt-move-hint')).toContainText('select its chip under Routes and use the move picker');
});

test("Enter in the Plan bar's seconds field plans with the classical solver", async () => {
  const before = await byTest('plan-meta').getAttribute('data-plan-id');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('method-effort').press('Enter');
  await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', before!, { timeout: 60_000 });
  await expect(byTest('plan-meta')).toContainText('Classical');
});

test("the route legend names each route's entry by its heading, and each stop's chip says its place in the route", async () => {
  const { page } = app;
  // The colour square was the only sign of a chip's route: "S2" was all a screen reader said.
  const second = byTest('legend-route-1');
  await expect(second).toHaveAccessibleName('Route 2');
  const chip = second.locator('.stop-chip').nth(1);
  const id = (await chip.textContent())!.trim();
  await expect(chip).toHaveAccessibleName(new RegExp(`^${id}, stop 2 of route 2(, (late|early|waits))?$`));
  await expect(page.getByRole('listitem', { name: 'Route 1', exact: true })).toHaveCount(1);
});
