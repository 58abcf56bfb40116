/**
 * A soft plan's timeline: a van hours early serves each stop at once and drives on, so a stop's early stretch runs
 * past the next stops' arrivals. Their early bars lie in lanes of their own, none over another, each inside its row.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';

// Five shops close together that all open at 11:00, one van from a 07:00 depot.
const DAY_CSV = [
  'id,name,lat,lon,demand,ready,due,service',
  'D,Depot,52.5200,13.4050,0,07:00,17:00,0',
  ...Array.from(
    { length: 5 },
    (_, i) => `S${i + 1},Shop ${i + 1},${(52.515 + i * 0.004).toFixed(4)},${13.41 + (i % 2) * 0.01},1,11:00,16:00,5`,
  ),
].join('\n');

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (p: Box, q: Box) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
const inside = (p: Box, q: Box) => p.x >= q.x && p.y >= q.y && p.x + p.width <= q.x + q.width && p.y + p.height <= q.y + q.height;

test("a soft plan's early bars of neighbouring stops lie over none of each other, each inside its vehicle's row", async ({ browser }) => {
  const session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  try {
    await importCsv(page, 'soft-timeline.csv', DAY_CSV, { vehicles: 1, capacity: 20, speedKmh: 30 });
    await byTest('policy-name').selectOption('tw3');
    await byTest('method').selectOption('classical');
    await byTest('method-effort').fill('0.5');
    await byTest('plan-button').click();
    await expect(byTest('plan-meta')).toContainText('soft', { timeout: 60_000 });
    const bars = page.locator('[data-testid^="gantt-early-"]');
    await expect(bars).toHaveCount(5);
    const boxes = await Promise.all(
      (await bars.all()).map(async (bar) => ({ id: await bar.getAttribute('data-testid'), box: (await bar.boundingBox())! })),
    );
    // Each early from its arrival until 11:00: every bar runs past the next arrivals.
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.id} over ${b.id}`).toBe(false);
    const row = (await byTest('gantt-row-0').boundingBox())!;
    for (const { id, box } of boxes) expect(inside(box, row), `${id} inside the van's row`).toBe(true);
    // And over none of the service blocks, whose ids stay readable.
    for (const stop of await page.locator('[data-testid^="gantt-stop-"]').all()) {
      const block = (await stop.boundingBox())!;
      for (const { id, box } of boxes) expect(overlaps(box, block), `${id} over a service block`).toBe(false);
    }
    await session.screenshot('soft-timeline-lanes');
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
});
