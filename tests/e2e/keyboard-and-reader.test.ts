/**
 * The Plan view for a dispatcher on the keyboard or with a screen reader, on the city day planned once:
 * - the planning bar is named and says how far it is;
 * - the map's stops are no Tab stops (the table and the route legend reach every stop), and the exports and driver
 *   sheets are a few Tabs after "Skip to the plan";
 * - every control shows the keyboard's focus;
 * - route colours carry text at 4.5:1 or more;
 */
import { expect, type Locator, test } from '@playwright/test';
import { contrastRatio, TEXT_CONTRAST } from '../../src/renderer/map/route-ink.js';
import { cityDayPage } from './support/city-day-page.js';

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
  await page.evaluate(`(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  })()`);
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
