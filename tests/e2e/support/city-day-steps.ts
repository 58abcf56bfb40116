import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { SCREENS } from './browser.js';

/**
 * The steps the city-day files share, on the page `current` returns (the file's one page, opened before its tests):
 * plan with a method, check the page and the map, read a downloaded PDF.
 */
export function cityDaySteps(current: () => Page) {
  const byTest = (id: string) => current().getByTestId(id);

  /** The page is no wider than the window: nothing to scroll sideways. */
  async function expectNoSidewaysScroll() {
    const widths = await current().evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
    const [scroll, client] = widths as [number, number];
    expect(scroll, `page ${scroll} px wide in a ${client} px window`).toBeLessThanOrEqual(client);
  }

  /** Plans the day on screen and waits for the new plan (a plan may be on screen already: the day's latest). */
  async function planWith(method: string, effort?: string) {
    await byTest('method').selectOption(method);
    if (effort) await byTest('method-effort').fill(effort);
    const before = (await byTest('plan-meta').count()) > 0 ? await byTest('plan-meta').getAttribute('data-plan-id') : null;
    await byTest('plan-button').click();
    await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
    if (before !== null) await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', before, { timeout: 60_000 });
  }

  /** Every stop's marker lies wholly inside the map (none cut off under the timeline or the panels). */
  async function expectAllStopsInView() {
    const map = (await byTest('map').boundingBox())!;
    for (const marker of await current().locator('[data-testid^="marker-"]').all()) {
      const box = (await marker.boundingBox())!;
      const inside = box.x >= map.x && box.y >= map.y && box.x + box.width <= map.x + map.width && box.y + box.height <= map.y + map.height;
      expect(inside, `${await marker.getAttribute('data-testid')} is wholly inside the map`).toBe(true);
    }
  }

  /** Downloads the PDF a click gives, keeps it in test-results/screens/ and returns its text page by page. */
  async function pdfPages(button: string, keepAs: string): Promise<{ name: string; pages: string[] }> {
    const [file] = await Promise.all([current().waitForEvent('download'), byTest(button).click()]);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await writeFile(`${SCREENS}/${keepAs}`, bytes);
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
    return { name: file.suggestedFilename(), pages: text };
  }

  return { expectNoSidewaysScroll, planWith, expectAllStopsInView, pdfPages };
}
