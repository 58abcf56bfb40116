/**
 * The Training form says before Start when a held-out day is big enough for a learned model to take minutes to plan it:
 * judging the new model plans each held-out day once with each model after the training minutes, and the form's "a few
 * seconds a day" was minutes there (a day of 1,000 stops held out, with nothing said). Its minutes field says how long
 * the run takes in all, and where the minutes are too few to train a step at the size of the ticked days (a day of 120
 * stops raised the size to 100, and half a minute spent minutes getting ready and kept nothing). The days are imported
 * through the API; nothing is trained.
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

test('the minutes field says the run is too short for a big day at its size, offers the fewest minutes that fit, and says nothing of it for a small day', async () => {
  const small = await importDay('minutes-small.csv', 12);
  const big = await importDay('minutes-big.csv', 120);
  // A fresh page: the form as first shown (no day ticked, 1 minute).
  await app.page.reload();
  await byTest('tab-training').click();
  await byTest(`train-instance-${small}`).check();
  await expect(byTest('train-run-time')).toHaveText(
    'Takes about 1 min in all: measuring the model it starts from on 128 copies of the ticked days, and the new model at the end, is part of the minutes.',
  );
  await expect(byTest('train-minutes-short')).toHaveCount(0);
  await byTest(`train-instance-${small}`).uncheck();
  await byTest(`train-instance-${big}`).check();
  await expect(byTest('train-size')).toHaveValue('100');
  await expect(byTest('train-minutes-short')).toContainText('Too short for these days at this size');
  // The loaded two-core machine's estimate: no file on the shared database trains at 100 customers, whose runs would
  // scale it to this machine's pace (training-pace.ts).
  await expect(byTest('train-minutes-short')).toContainText('Give it at least 3 min');
  await expect(byTest('train-run-time')).toHaveCount(0);
  // Read out with the minutes field.
  await expect(byTest('train-minutes')).toHaveAttribute('aria-describedby', /train-run-time-note/);
  await app.session.screenshot('training-minutes-short');
  await byTest('train-minutes-fit').click();
  await expect(byTest('train-minutes')).toHaveValue('3');
  await expect(byTest('train-minutes-short')).toHaveCount(0);
  await expect(byTest('train-run-time')).toHaveText(/^Takes about 3 min in all: /);
  await byTest(`train-instance-${big}`).uncheck();
  expect(app.session.errors).toEqual([]);
});
