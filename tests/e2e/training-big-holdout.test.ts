/**
 * The Training form says before Start when a held-out day is big enough for a learned model to take minutes to plan it:
 * judging the new model plans each held-out day once with each model after the training minutes, and the form's "a few
 * seconds a day" was minutes there (a day of 1,000 stops held out, with nothing said). The days are imported through the
 * API; nothing is trained.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { realDayCsv } from './support/fixtures.js';

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

/** Calls the web mode's API as the page does (its token is in sessionStorage: renderer/api/web-token.ts). */
async function call<T>(name: string, body: unknown): Promise<T> {
  const script = `fetch('/api/${encodeURIComponent(name)}', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Jampr-Token': sessionStorage.getItem('jampr.token') ?? '' }, body: ${JSON.stringify(JSON.stringify(body))} }).then((r) => r.json())`;
  const answer = (await page.evaluate(script)) as { ok: boolean; value?: T; error?: unknown };
  if (!answer.ok) throw new Error(`${name}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

const imported: number[] = [];
const importDay = async (fileName: string, stops: number) => {
  const day = await call<{ id: number }>('instances:importCsv', {
    fileName,
    text: realDayCsv(stops),
    vehicles: 50,
    capacity: 100,
    speedKmh: 25,
  });
  imported.push(day.id);
  return day.id;
};

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
});

test.afterAll(async () => {
  // The other specs share the store: the days go again.
  for (const id of imported) await call('instances:delete', { id });
  await session?.close();
});

test('a held-out day of 1,000 stops is named before Start, with what it costs and what to do; unticked, the notice goes', async () => {
  const small = await importDay('holdout-small.csv', 12);
  // Stored last: the most recent of the ticked days is the one held out.
  const big = await importDay('holdout-big.csv', 1000);
  await page.reload();
  await byTest('tab-training').click();
  await byTest(`train-instance-${small}`).check();
  await byTest(`train-instance-${big}`).check();
  await expect(byTest(`train-held-out-${big}`)).toBeVisible();
  await expect(byTest('train-holdout-slow')).toHaveText(
    "“holdout-big” (1,000 customers) is held out to judge the new model: both models plan it once within the run's minutes (the model in use as the run starts, the new one as it ends), and on a day of 400 customers or more that takes minutes, not seconds. To judge sooner, untick it (the next most recent days are then held out).",
  );
  await session.screenshot('training-big-holdout');
  await byTest(`train-instance-${big}`).uncheck();
  await expect(byTest('train-holdout-slow')).toHaveCount(0);
  expect(session.errors).toEqual([]);
});
