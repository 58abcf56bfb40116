/**
 * Compare in a 1024 px window, two maps of under 300 px side by side: the note that map tiles are unavailable is one
 * short line, clear of the map's controls; and the cost difference of plans priced by different policies is read
 * after its caveat, marked as no saving, not as a figure like the others.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { compareHardAndSoft } from './support/compare.js';

const app = cityDayPage('compare-narrow.csv', { viewport: { width: 1024, height: 700 } });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (p: Box, q: Box) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
const inside = (p: Box, q: Box) => p.x >= q.x && p.y >= q.y && p.x + p.width <= q.x + q.width && p.y + p.height <= q.y + q.height;

test("each map's tiles note is one line, inside its map and over none of its controls", async () => {
  const { page, byTest } = app;
  await compareHardAndSoft(page);
  for (const map of ['map-a', 'map-b']) {
    const note = byTest(map).getByTestId('tiles-offline-note');
    await expect(note).toBeVisible();
    await expect(note).toHaveAttribute('title', /Map tiles are unavailable/);
    // The words shown lie on one line: an inline text has one box per line.
    const shown = note.locator('span:visible');
    await expect(shown).toHaveCount(1);
    expect(await shown.evaluate((el) => (el as unknown as { getClientRects(): { length: number } }).getClientRects().length)).toBe(1);
    const box = (await note.boundingBox())!;
    expect(inside(box, (await byTest(map).boundingBox())!), `${map}'s note inside the map`).toBe(true);
    const controls = byTest(map).locator('.leaflet-control-zoom, .leaflet-control-scale, .leaflet-control-attribution, .map-tiles-btn');
    for (const control of await controls.all()) {
      const name = await control.getAttribute('class');
      if (await control.isVisible()) expect(overlaps(box, (await control.boundingBox())!), `${map}'s note over ${name}`).toBe(false);
    }
  }
  await app.session.screenshot('compare-narrow-1024');
});

test('the cost difference of plans priced by different policies comes after its caveat, marked as no saving', async () => {
  const { byTest } = app;
  const note = byTest('compare-cost-note');
  await expect(note).toContainText('A: hard (α 1); B: soft (α 0.1, β 0.5)');
  const noteBox = (await note.boundingBox())!;
  const table = (await byTest('compare-kpis').boundingBox())!;
  expect(noteBox.y + noteBox.height, 'the caveat above the key figures').toBeLessThanOrEqual(table.y);
  // The cost's B − A carries the note's mark, neither green nor red.
  const costDelta = byTest('compare-kpi-cost').locator('td').nth(2);
  await expect(costDelta).toHaveText(/^[−+]?[\d.,]+\*$/);
  await expect(costDelta).toHaveAttribute('title', /No saving/);
  await expect(costDelta).not.toHaveClass(/\b(better|worse)\b/);
  await expect(note).toHaveText(/^\* /);
  expect(app.session.errors).toEqual([]);
});
