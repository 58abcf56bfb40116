/**
 * Moving the selection through the customer table on a crowded day changes the map only where it changed: the marker
 * left and the marker selected are restyled (their elements kept, no marker drawn anew), and the labels shown are the
 * day's with nothing selected plus the selected stop's, raised above its neighbours, shown at once. The labels do not
 * come and go while the dispatcher steps through the rows.
 */
import { expect, type Page, test } from '@playwright/test';
import { openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';
import { realDayCsv } from './support/fixtures.js';

interface MarkerState {
  id: string;
  /** The marker's element and its Leaflet host are the ones first seen. */
  kept: boolean;
  hostClass: string;
  markerClass: string;
  /** The marker the page shows at the middle of its id (undefined: none), i.e. whether another covers it. */
  onTop: string | undefined;
  /** How long a change of its look takes to show (CSS transition-duration). */
  transition: string;
}

/**
 * Every stop marker of the Plan view's map; the first call keeps their elements, later ones tell whether each is still
 * the same element. Text, as it runs in the page, whose DOM types this project does not compile against.
 */
const MARKERS = `(() => {
  const now = [...document.querySelectorAll('[data-testid="map"] .stop-marker')];
  window.__firstSeen ??= new Map(now.map((m) => [m.dataset.testid, { marker: m, host: m.parentElement }]));
  return now.map((m) => {
    const first = window.__firstSeen.get(m.dataset.testid);
    const box = m.querySelector('span').getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('.stop-marker');
    return {
      id: m.dataset.testid.slice('marker-'.length),
      kept: first?.marker === m && first?.host === m.parentElement,
      hostClass: m.parentElement.className,
      markerClass: m.className,
      onTop: top?.dataset.testid.slice('marker-'.length),
      transition: getComputedStyle(m).transitionDuration,
    };
  });
})()`;

const markers = async (page: Page) => new Map(((await page.evaluate(MARKERS)) as MarkerState[]).map((m) => [m.id, m]));
const labelled = (states: Map<string, MarkerState>) =>
  [...states.values()].filter((m) => !m.hostClass.includes('label-hidden')).map((m) => m.id);

test('stepping through the table restyles only the two markers concerned and keeps the labels shown', async ({ browser }) => {
  const session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const byTest = page.getByTestId.bind(page);
  try {
    await importCsv(page, 'selection-200.csv', realDayCsv(200), { vehicles: 10, capacity: 80, speedKmh: 25 });
    await page.getByTestId('method').selectOption('classical');
    await page.getByTestId('method-effort').fill('0.5');
    await page.getByTestId('plan-button').click();
    await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-testid="map"] [data-testid^="order-"]').first()).toBeAttached();
    await expect(page.locator('[data-testid="map"] [data-selected="true"]')).toHaveCount(0);

    const unselected = await markers(page);
    expect(unselected.size).toBe(200);
    const labelledUnselected = labelled(unselected);
    const steps = ['R1', 'R2', 'R3', 'R4', 'R5'];
    // The day seen whole hides most ids: stepping onto a stop whose id is hidden is the case that matters.
    expect(steps.filter((id) => !labelledUnselected.includes(id)).length).toBeGreaterThan(0);

    let before = unselected;
    for (const [i, id] of steps.entries()) {
      if (i === 0) await byTest('edit-demand-R1').focus();
      else await page.keyboard.press('ArrowDown');
      await expect(byTest(`edit-demand-${id}`)).toBeFocused();
      await expect(byTest(`marker-${id}`)).toHaveAttribute('data-selected', 'true');
      const now = await markers(page);
      const left = steps[i - 1];
      for (const [other, state] of now) {
        expect(state.kept, `${other}'s marker is the element first drawn`).toBe(true);
        if (other === id || other === left) continue;
        expect([state.hostClass, state.markerClass], `${other}'s marker is untouched by selecting ${id}`).toEqual([
          before.get(other)?.hostClass,
          before.get(other)?.markerClass,
        ]);
      }
      expect(now.get(id)?.markerClass).toContain('stop-selected');
      if (left) expect(now.get(left)?.markerClass).not.toContain('stop-selected');
      // Both show their new look at once, as a marker drawn anew did: no growing over a few frames of a crowded map.
      for (const changed of [id, left].filter(Boolean)) expect(now.get(changed!)?.transition, `${changed}'s restyle`).toBe('0s');
      // The labels are those of the day with nothing selected, and the selected stop's, on top of its neighbours.
      expect(labelled(now).sort()).toEqual([...new Set([...labelledUnselected, id])].sort());
      expect(now.get(id)?.onTop, `${id}'s id is not covered by another marker`).toBe(id);
      before = now;
    }
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
});
