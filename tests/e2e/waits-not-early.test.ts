/**
 * A vehicle reaching a stop before its window opens waits there under hard and partly soft windows, and is served
 * early only under soft ones: the map, the route chips and the timeline say which by the plan's policy, as its key
 * figures do (the plan keeps that time as both its wait and its earliness).
 */
import { type Browser, expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { compareHardAndSoft } from './support/compare.js';
import { importCsv } from './support/csv-import.js';

// One van from a 07:00 depot: S1 (11:00–11:30) must come first, and S2, minutes on, opens only at 12:00.
const DAY_CSV = [
  'id,name,lat,lon,demand,ready,due,service',
  'D,Depot Mitte,52.5200,13.4050,0,07:00,17:00,0',
  'S1,Buchladen,52.5350,13.4100,5,11:00,11:30,10',
  'S2,Blumen Ost,52.5150,13.4400,6,12:00,12:30,10',
].join('\n');

let session: AppSession | undefined;

test.afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** A fresh page on the day, imported (each test its own: a failed test's worker is replaced). */
async function openDay(browser: Browser, viewport?: { width: number; height: number }) {
  session = await openApp(browser, { unreachableTiles: true, context: viewport ? { viewport } : {} });
  await importCsv(session.page, 'waits.csv', DAY_CSV, { vehicles: 1, capacity: 20, speedKmh: 30 });
  return session.page;
}

test('a wait for a window to open is told as a wait under hard windows and as early service under soft ones', async ({ browser }) => {
  const page = await openDay(browser);
  const byTest = (id: string) => page.getByTestId(id);
  const planUnder = async (policy: 'tw1' | 'tw3', label: string) => {
    await byTest('policy-name').selectOption(policy);
    await byTest('method').selectOption('classical');
    await byTest('method-effort').fill('0.5');
    await byTest('plan-button').click();
    await expect(byTest('plan-meta')).toContainText(label, { timeout: 60_000 });
  };
  const tooltipOf = async (id: string) => {
    await byTest(`marker-${id}`).hover();
    return page.locator('.leaflet-tooltip', { hasText: `Customer ${id}` });
  };

  await planUnder('tw1', 'hard');
  // S1 is served first (its window closes at 11:30), so the van waits at S2 until 12:00.
  await expect(byTest('legend-route-0').locator('[data-testid^="stop-chip-"]')).toHaveText(['S1', 'S2']);
  const marker = byTest('marker-S2');
  await expect(marker).toHaveAttribute('data-early', 'false');
  await expect(marker).toHaveAttribute('data-wait', 'true');
  const tip = await tooltipOf('S2');
  await expect(tip).toContainText(/waits \d+m/);
  await expect(tip).not.toContainText('early');
  await page.mouse.move(0, 0);
  const chip = byTest('stop-chip-S2');
  await expect(chip).toHaveAttribute('title', /, waits \d+m$/);
  await expect(chip).not.toHaveClass(/\bearly\b/);
  // The timeline draws the hatched wait, and no early bar over it; its key names a wait, no earliness.
  await expect(byTest('gantt-early-S2')).toHaveCount(0);
  await expect(byTest('gantt-legend')).toContainText('wait');
  await expect(byTest('gantt-legend')).not.toContainText('early');

  await planUnder('tw3', 'soft');
  // Served on arrival, hours before S1 opens: early, and no wait.
  await expect(byTest('marker-S1')).toHaveAttribute('data-early', 'true');
  const softTip = await tooltipOf('S1');
  await expect(softTip).toContainText(/early by \d+h/);
  await expect(softTip).not.toContainText('waits');
  await page.mouse.move(0, 0);
  await expect(byTest('stop-chip-S1')).toHaveClass(/\bearly\b/);
  await expect(byTest('gantt-early-S1')).toHaveCount(1);
  await expect(byTest('gantt-legend')).toContainText('early');
  await expect(byTest('gantt-legend')).not.toContainText(/\bwait\b/);
});

test("Compare lists a first stop's wait at the depot, where the Plan view's driver spends it, not at the customer", async ({ browser }) => {
  const page = await openDay(browser);
  const byTest = (id: string) => page.getByTestId(id);
  await compareHardAndSoft(page);
  // Under A (hard) the driver leaves hours later and reaches S1 as it opens: no wait there; the hours are the depot's.
  const waitA = (row: string) => byTest(row).locator('td').nth(3);
  await expect(waitA('compare-customer-S1')).toHaveText('—');
  await expect(waitA('compare-depot-wait')).toHaveText(/^\dh \d\dm$/);
  await expect(waitA('compare-customer-S2')).toHaveText(/^\d+m$/);
  // Under B (soft) the van serves S1 on arrival, hours early.
  await expect(byTest('compare-customer-S1').locator('td').nth(4)).toHaveText(/^\dh \d\dm$/);
});

test("Compare's time at the depot says what each plan's policy makes of it: free under partly soft windows at α 0", async ({ browser }) => {
  const page = await openDay(browser);
  const byTest = (id: string) => page.getByTestId(id);
  await byTest('tab-compare').click();
  // Partly soft windows both: A at the preset's α 0, B pricing waiting at 0.5.
  await byTest('compare-a-name').selectOption('tw2');
  await byTest('compare-b-name').selectOption('tw2');
  await byTest('compare-b-alpha').fill('0.5');
  await byTest('compare-b-alpha').press('Enter');
  await byTest('compare-method').selectOption('classical');
  await byTest('compare-effort').fill('0.5');
  await byTest('compare-run').click();
  // Both drivers leave hours later to reach S1 as it opens: a wait, which costs nothing at α 0.
  await expect(byTest('compare-depot-wait')).toHaveAttribute(
    'title',
    "Drivers who leave later spend this at the depot; A: waiting is free under partly soft windows at α 0; B: the plan's cost counts this time as waiting",
    { timeout: 60_000 },
  );
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (p: Box, q: Box) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
const inside = (p: Box, q: Box) => p.x >= q.x && p.y >= q.y && p.x + p.width <= q.x + q.width && p.y + p.height <= q.y + q.height;

test("the map's key names the order badge and the rings the plan shows, by its policy, clear of the map's controls at 1024 x 700", async ({
  browser,
}) => {
  const page = await openDay(browser, { width: 1024, height: 700 });
  const byTest = (id: string) => page.getByTestId(id);
  /** The key of one map: it lies inside the map, over none of its controls. */
  const keyOf = async (map: string) => {
    const key = byTest(`${map}-key`);
    await expect(key).toBeVisible();
    const box = (await key.boundingBox())!;
    expect(inside(box, (await byTest(map).boundingBox())!), `${map}'s key inside the map`).toBe(true);
    const controls = byTest(map).locator('.leaflet-control-zoom, .leaflet-control-scale, .leaflet-control-attribution, .map-tiles-btn');
    for (const control of await controls.all()) {
      if (await control.isVisible()) expect(overlaps(box, (await control.boundingBox())!), `${map}'s key over a control`).toBe(false);
    }
    return key;
  };
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toContainText('hard', { timeout: 60_000 });
  const key = await keyOf('map');
  await expect(key.locator('span')).toHaveText(['order in route', 'waits']);
  await session!.screenshot('map-key-plan-1024');

  await compareHardAndSoft(page);
  await expect((await keyOf('map-a')).locator('span')).toHaveText(['order in route', 'waits']);
  await expect((await keyOf('map-b')).locator('span')).toHaveText(['order in route', 'early']);
  await session!.screenshot('map-key-compare-1024');
});

test("Compare's key figures keep their heading above their rows when the side panel is scrolled at 1024 x 700", async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true, context: { viewport: { width: 1024, height: 700 } } });
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  // Eight shops that open late in the day: soft windows serve each early, so the customer list fills the side panel.
  const shops = Array.from(
    { length: 8 },
    (_, i) => `S${i + 1},Shop ${i + 1},${52.51 + i * 0.004},${13.4 + (i % 3) * 0.01},1,11:00,16:00,5`,
  );
  await importCsv(
    page,
    'shops.csv',
    ['id,name,lat,lon,demand,ready,due,service', 'D,Depot,52.5200,13.4050,0,07:00,17:00,0', ...shops].join('\n'),
    {
      vehicles: 2,
      capacity: 20,
      speedKmh: 30,
    },
  );
  await compareHardAndSoft(page);
  await expect(byTest('compare-customers')).toBeVisible();
  const side = page.locator('.compare-tables');
  const scrolled = await side.evaluate((el) => {
    const box = el as unknown as { scrollTop: number; scrollHeight: number; clientHeight: number };
    box.scrollTop = box.scrollHeight;
    return box.scrollTop;
  });
  expect(scrolled, 'the side panel scrolls').toBeGreaterThan(40);
  const heading = (await byTest('compare-kpis').locator('thead th').nth(1).boundingBox())!;
  const firstRow = (await byTest('compare-kpi-cost').boundingBox())!;
  expect(heading.y + heading.height, 'the A / B / B − A heading above the first row, not over a row').toBeLessThanOrEqual(firstRow.y + 1);
});
