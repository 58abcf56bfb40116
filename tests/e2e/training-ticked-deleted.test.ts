/**
 * A day ticked in the Training form and then deleted (here, or in another window or tab) leaves the list, and leaves
 * the ticked days with it: the form's count, its held-out days and Start go by the days still stored. Kept among them,
 * unseen and beyond unticking, it had Start refused ("one of the chosen days was deleted since the list was shown:
 * choose the days again") however the days were chosen again, until the page was reloaded. Nothing is trained: the
 * start's request is read and answered by the test.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { realDayCsv } from './support/fixtures.js';

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

/** Calls the web mode's API as a script would (no window id: the page hears it as another window's change). */
async function call<T>(name: string, body: unknown): Promise<T> {
  const script = `fetch('/api/${encodeURIComponent(name)}', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Jampr-Token': sessionStorage.getItem('jampr.token') ?? '' }, body: ${JSON.stringify(JSON.stringify(body))} }).then((r) => r.json())`;
  const answer = (await page.evaluate(script)) as { ok: boolean; value?: T; error?: unknown };
  if (!answer.ok) throw new Error(`${name}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

const imported: number[] = [];

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
});

test.afterAll(async () => {
  // The other specs share the store: the days go again.
  for (const id of imported) await call('instances:delete', { id });
  await session?.close();
});

test('a ticked day deleted elsewhere is no longer counted, held out or sent by Start', async () => {
  for (const name of ['ticked-a', 'ticked-b', 'ticked-c', 'ticked-d']) {
    const day = await call<{ id: number }>('instances:importCsv', {
      fileName: `${name}.csv`,
      text: realDayCsv(8),
      vehicles: 5,
      capacity: 100,
      speedKmh: 25,
    });
    imported.push(day.id);
  }
  const [a, b, c, d] = imported;
  await page.reload();
  await byTest('tab-training').click();
  for (const id of imported) await byTest(`train-instance-${id}`).check();
  await expect(byTest('train-outlook')).toHaveText(
    '3 of the 4 ticked days are held out: the new model is activated if it plans them better than the model in use.',
  );

  // Deleted in another window: the page hears it and the day leaves the list.
  await call('instances:delete', { id: b });
  await expect(byTest(`train-instance-${b}`)).toHaveCount(0);
  await expect(byTest('train-outlook')).toHaveText(
    '1 of the 3 ticked days is held out: too few to judge by (at least 3), so the new model is kept but not activated (tick 4 or more days for that).',
  );
  await expect(byTest(`train-held-out-${d}`)).toBeVisible();
  await expect(byTest(`train-held-out-${c}`)).toHaveCount(0);

  // Start sends the days still stored: the request is read here and answered, so nothing trains.
  let sent: number[] | null = null;
  const start = (url: URL) => decodeURIComponent(url.pathname) === '/api/training:start';
  await page.route(start, async (route) => {
    sent = (route.request().postDataJSON() as { instanceIds: number[] }).instanceIds;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: { kind: 'input', message: 'answered by the test' } }),
    });
  });
  await byTest('train-start').click();
  await expect.poll(() => sent).not.toBeNull();
  expect([...(sent ?? [])].sort((x, y) => x - y)).toEqual([a, c, d]);
  await page.unroute(start);
  expect(session.errors.filter((e) => !e.includes('400'))).toEqual([]);
});
