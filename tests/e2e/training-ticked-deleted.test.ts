/**
 * A day ticked in the Training form and then deleted (here, or in another window or tab) leaves the list, and leaves
 * the ticked days with it: the form's count, its held-out days and Start go by the days still stored. Kept among them,
 * unseen and beyond unticking, it had Start refused ("one of the chosen days was deleted since the list was shown:
 * choose the days again") however the days were chosen again, until the page was reloaded. Nothing is trained: the
 * start's request is read and answered by the test.
 */
import { expect, test } from '@playwright/test';
import { apiPage } from './support/api-page.js';

const app = apiPage();
const byTest = app.byTest;

test('a ticked day deleted elsewhere is no longer counted, held out or sent by Start', async () => {
  const imported: number[] = [];
  for (const name of ['ticked-a', 'ticked-b', 'ticked-c', 'ticked-d']) imported.push((await app.importDay(`${name}.csv`, 8, 5)).id);
  const [a, b, c, d] = imported;
  const page = app.page;
  await page.reload();
  await byTest('tab-training').click();
  for (const id of imported) await byTest(`train-instance-${id}`).check();
  await expect(byTest('train-outlook')).toHaveText(
    '3 of the 4 ticked days are held out: the new model is activated if it plans them better than the model in use.',
  );

  // Deleted in another window: the page hears it and the day leaves the list.
  await app.call('instances:delete', { id: b });
  await expect(byTest(`train-instance-${b}`)).toHaveCount(0);
  await expect(byTest('train-outlook')).toHaveText(
    '1 of the 3 ticked days is held out: too few to judge by (at least 3), so the new model is kept but not activated (tick 4 or more stored days for that).',
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
  expect(app.session.errors.filter((e) => !e.includes('400'))).toEqual([]);
});
