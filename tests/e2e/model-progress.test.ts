/**
 * A learned model's plan of a large day says what it does from the start: while it reads the day, before it places a
 * stop, the card shows no percentage (it stood at 0 % for about a minute on a 1,000-stop day) but that work goes on;
 * then the share of stops placed, in words too.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';

/** `size` customers on a 100 x 100 plane with wide windows. */
function largeDayCsv(size: number): string {
  const rows = Array.from({ length: size }, (_, i) => `${i + 1},${(37 * i) % 100},${(61 * i + 17) % 100},1,0,2000,5`);
  return ['id,x,y,demand,ready,due,service', '0,50,50,0,0,2000,0', ...rows].join('\n');
}

test('JAMPR greedy on 300 stops: no percentage while the model reads the day, then "placing stops, N of 300"', async ({ browser }) => {
  const session = await openApp(browser);
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  try {
    await importCsv(page, 'three-hundred.csv', largeDayCsv(300), { vehicles: 30, capacity: 20 });
    await byTest('method').selectOption('jampr-greedy');
    await byTest('plan-button').click();
    // The card's message, whether it shows a percentage, and the bar's value, read together.
    const card = () =>
      page.evaluate(`(() => {
        const bar = document.querySelector('[data-testid="plan-progress-bar"]');
        const message = document.querySelector('[data-testid="plan-progress-message"]');
        if (!bar || !message) return 'no card';
        const percent = document.querySelector('[data-testid="plan-progress-percent"]');
        return message.textContent + ' | ' + (percent ? percent.textContent : 'no percent') + ' | ' + bar.getAttribute('aria-valuenow');
      })()`);
    await expect.poll(card, { timeout: 60_000 }).toMatch(/reading the day's 300 stops… \| no percent \| null$/);
    await expect(byTest('plan-progress-bar')).toHaveAttribute('aria-valuetext', /^Planning: greedy decoding with the model: reading/);
    await session.screenshot('model-progress-reading');
    await expect.poll(card, { timeout: 60_000 }).toMatch(/placing stops, (\d+) of 300 \| \d+% \| \d+$/);
    await byTest('cancel-plan').click();
    await byTest('plan-progress').waitFor({ state: 'detached', timeout: 10_000 });
    expect(session.errors).toEqual([]);
  } finally {
    await session.close();
  }
});
