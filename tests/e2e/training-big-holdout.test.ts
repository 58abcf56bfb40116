/**
 * The Training form says before Start when a held-out day is big enough for a learned model to take minutes to plan it:
 * judging the new model plans each held-out day once with each model after the training minutes, and the form's "a few
 * seconds a day" was minutes there (a day of 1,000 stops held out, with nothing said). The days are imported through the
 * API; nothing is trained.
 */
import { expect, test } from '@playwright/test';
import { apiPage } from './support/api-page.js';

const app = apiPage();
const byTest = app.byTest;
const importDay = async (fileName: string, stops: number) => (await app.importDay(fileName, stops, 50)).id;

test('a held-out day of 1,000 stops is named before Start, with what it costs and what to do; unticked, the notice goes', async () => {
  const small = await importDay('holdout-small.csv', 12);
  // Stored last: the most recent of the ticked days is the one held out.
  const big = await importDay('holdout-big.csv', 1000);
  await app.page.reload();
  await byTest('tab-training').click();
  await byTest(`train-instance-${small}`).check();
  await byTest(`train-instance-${big}`).check();
  await expect(byTest(`train-held-out-${big}`)).toBeVisible();
  await expect(byTest('train-holdout-slow')).toHaveText(
    "“holdout-big” (1000 customers) is held out to judge the new model: both models plan it once within the run's minutes (the model in use as the run starts, the new one as it ends), and on a day of 400 customers or more that takes minutes, not seconds. To judge sooner, untick it (the next most recent days are then held out).",
  );
  await app.session.screenshot('training-big-holdout');
  await byTest(`train-instance-${big}`).uncheck();
  await expect(byTest('train-holdout-slow')).toHaveCount(0);
  expect(app.session.errors).toEqual([]);
});
