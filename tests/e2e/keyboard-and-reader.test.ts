/**
 * The Plan view for a dispatcher on the keyboard or with a screen reader, on the city day planned once:
 * - the planning bar is named and says how far it is;
 * - the map's stops are no Tab stops (the table and the route legend reach every stop), and the exports and driver
 *   sheets are a few Tabs after "Skip to the plan";
 * - every control shows the keyboard's focus;
 * - a field's error is announced and describes the field;
 * - route colours carry text at 4.5:1 or more;
 * - a route shown alone labels and numbers its own stops only.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { contrastRatio, TEXT_CONTRAST } from '../../src/renderer/map/route-ink.js';
import { cityDayPage } from './support/city-day-page.js';
import { openCsvImport } from './support/csv-import.js';
import { clockCsv } from './support/fixtures.js';
import { focusPageStart } from './support/page-start.js';

const app = cityDayPage('keyboard-reader.csv');
const byTest = app.byTest;

/** The element's text colour and the colour behind it (its own background, else the nearest painted one above it). */
function inkAndPaper(element: Locator): Promise<[string, string]> {
  return element.evaluate((el) => {
    type Node = { parentElement: Node | null };
    const style = (at: Node) =>
      (globalThis as unknown as { getComputedStyle(e: Node): { color: string; backgroundColor: string } }).getComputedStyle(at);
    let paper = 'rgb(255, 255, 255)';
    for (let at: Node | null = el as unknown as Node; at; at = at.parentElement) {
      const bg = style(at).backgroundColor;
      if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
        paper = bg;
        break;
      }
    }
    return [style(el as unknown as Node).color, paper] as [string, string];
  });
}

/** What the focused element is, and whether it shows its focus (an outline or a ring). Text: it runs in the page. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { id: 'body', shown: true };
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  return { id: el.dataset.testid ?? el.tagName.toLowerCase() + '.' + el.className, shown: outline || style.boxShadow !== 'none' };
})()`;

/** The element its `aria-describedby` names (one id). */
async function description(page: Page, field: Locator): Promise<Locator> {
  const id = await field.getAttribute('aria-describedby');
  expect(id, 'the field names its error as its description').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

test('the planning bar is named and says how far it is in words', async () => {
  const { page } = app;
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('3');
  await byTest('plan-button').click();
  const bar = byTest('plan-progress').getByRole('progressbar');
  await expect(bar).toHaveAccessibleName('Planning');
  await expect(bar).toHaveAttribute('aria-valuetext', /^Planning: \d+ %, \S/);
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  expect(await page.locator('[data-testid^="legend-route-"]').count()).toBeGreaterThan(1);
});

test("the map's stops are no Tab stops and no unnamed buttons; the exports and driver sheets are a few Tabs into the plan", async () => {
  const { page } = app;
  await expect(page.locator('[data-testid^="marker-S"]')).toHaveCount(10);
  await expect(page.locator('.leaflet-marker-icon[tabindex], .leaflet-marker-icon[role="button"]')).toHaveCount(0);
  await expect(byTest('marker-S1')).toHaveAttribute('aria-hidden', 'true');
  await byTest('skip-to-plan').focus();
  await page.keyboard.press('Enter');
  const reached: string[] = [];
  for (let i = 0; i < 12 && !reached.includes('open-sheets'); i++) {
    await page.keyboard.press('Tab');
    reached.push(((await page.evaluate(FOCUSED)) as { id: string }).id);
  }
  expect(reached, 'the exports and the driver sheets, before any stop of the routes').toEqual(
    expect.arrayContaining(['export-plan-csv', 'export-plan-csv-decimal-comma', 'export-plan-json', 'open-sheets']),
  );
  expect(reached.filter((id) => id.startsWith('stop-chip-'))).toEqual([]);
});

test('every control the keyboard reaches, from the top to the driver sheets, shows that it has the focus', async () => {
  const { page } = app;
  // From the page's start, as after loading it.
  await focusPageStart(page);
  const unmarked: string[] = [];
  let reached = '';
  for (let i = 0; i < 300 && reached !== 'open-sheets'; i++) {
    await page.keyboard.press('Tab');
    const focused = (await page.evaluate(FOCUSED)) as { id: string; shown: boolean };
    reached = focused.id;
    if (!focused.shown) unmarked.push(focused.id);
  }
  expect(reached, 'the walk reached the driver sheets').toBe('open-sheets');
  expect(unmarked, 'controls that show no focus').toEqual([]);
});

test('a fleet field shows its focus by a ring in the accent colour', async () => {
  const { page } = app;
  const vehicles = byTest('fleet-vehicles');
  const look = () =>
    vehicles.evaluate((el) => {
      const style = (
        globalThis as unknown as { getComputedStyle(e: unknown): { borderColor: string; boxShadow: string } }
      ).getComputedStyle(el);
      return [style.borderColor, style.boxShadow];
    });
  const [idleBorder] = await look();
  await byTest('fleet-capacity').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(vehicles).toBeFocused();
  const [border, ring] = await look();
  expect(border).not.toBe(idleBorder);
  expect(border).toBe('rgb(37, 99, 235)');
  expect(ring).toContain('rgb(37, 99, 235)');
});

test("route colours carry text at 4.5:1 or more: the stops' order badges, their ids and the table's route chips", async () => {
  const { page } = app;
  const texts = [
    ...(await page.locator('.stop-marker-host:not(.label-hidden) .stop-order').all()),
    ...(await page.locator('.stop-marker-host:not(.label-hidden) .stop-marker:not(.stop-unrouted) span').all()),
    ...(await byTest('customer-table').locator('.route-chip').all()),
  ];
  expect(texts.length).toBeGreaterThan(20);
  for (const text of texts) {
    const [ink, paper] = await inkAndPaper(text);
    expect(contrastRatio(ink, paper), `${await text.textContent()}: ${ink} on ${paper}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  }
});

test('a route shown alone labels and numbers its own stops; the faded stops of the others show neither', async () => {
  const { page } = app;
  const routes = await page.locator('[data-testid^="legend-route-"]').count();
  for (let r = 0; r < routes; r++) {
    const ids = (await byTest(`legend-route-${r}`).locator('[data-testid^="stop-chip-"]').allTextContents()).map((t) => t.trim());
    await byTest(`focus-route-${r}`).click();
    await expect(byTest(`focus-route-${r}`)).toHaveAttribute('aria-pressed', 'true');
    const labelled = await page
      .locator('.stop-marker-host:not(.label-hidden) [data-testid^="marker-"]')
      .evaluateAll((els) => els.map((el) => (el as unknown as { dataset: { testid: string } }).dataset.testid.replace('marker-', '')));
    expect(labelled.filter((id) => id !== 'depot').sort(), `route ${r + 1} alone: its own stops labelled`).toEqual([...ids].sort());
    for (const badge of await page.locator('.stop-order').all()) {
      const id = (await badge.getAttribute('data-testid'))!.replace('order-', '');
      if (ids.includes(id)) await expect(badge, `${id}'s number`).toBeVisible();
      else await expect(badge, `faded ${id}'s number`).toBeHidden();
    }
    await byTest(`focus-route-${r}`).click();
  }
});

test("a field's error is announced, describes the field, and reads at 4.5:1 on the top bar", async () => {
  const { page } = app;
  const alpha = byTest('policy-alpha');
  const before = await alpha.inputValue();
  await alpha.fill('-5');
  const alphaError = await description(page, alpha);
  await expect(alphaError).toHaveText('must be at least 0');
  await expect(alphaError).toHaveAttribute('role', 'alert');
  const [ink, paper] = await inkAndPaper(alphaError);
  expect(contrastRatio(ink, paper), `${ink} on ${paper}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  await alpha.fill(before);
  await expect(alpha).not.toHaveAttribute('aria-describedby');

  const vehicles = byTest('fleet-vehicles');
  await vehicles.fill('abc');
  await vehicles.press('Enter');
  const vehiclesError = await description(page, vehicles);
  await expect(vehiclesError).toHaveAttribute('role', 'alert');
  await expect(vehiclesError).not.toBeEmpty();
  await vehicles.press('Escape');
  await expect(vehicles).not.toHaveAttribute('aria-describedby');
});

test("the import dialog announces a file's problems, a fleet field's error, and why Import waits", async () => {
  const { page } = app;
  await openCsvImport(page, 'bad-clock.csv', clockCsv({ 1: { demand: 'ten' }, 3: { ready: '18:00' } }), {});
  await expect(byTest('csv-errors')).toHaveAttribute('role', 'alert');
  await expect(page.getByRole('alert').filter({ hasText: 'ten' })).toHaveCount(1);
  const vehicles = byTest('csv-vehicles');
  await vehicles.fill('abc');
  await expect(await description(page, vehicles)).toHaveAttribute('role', 'alert');
  await expect(byTest('csv-footer-hint')).toHaveAttribute('aria-live', 'polite');
  await expect(byTest('csv-footer-hint')).toHaveText('Vehicles: not a number');
  await byTest('csv-cancel').click();
  await expect(byTest('csv-dialog')).toHaveCount(0);
  expect(app.session.errors).toEqual([]);
});
