import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrainJobResult } from '../../src/main/jobs/protocol.js';
import { registerModel } from '../../src/main/services/models.js';
import { fakeTrainer, judged } from './fixtures/fake-trainer.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { saveTinyModel } from '../unit/jampr/fixtures.js';
import { tinyInstance } from './fixtures/tiny.js';

/**
 * The training service's bookkeeping (points stored and pushed, outcome and model recorded, one run at a time),
 * with a stand-in trainer that reports a point every few milliseconds until cancelled and then saves a tiny checkpoint.
 * This file: the model a run makes (its name and folder, the days it holds out and is judged on, whether it becomes
 * active, its deletion); training-runs.test.ts has the run's own bookkeeping.
 */
let app: TestApp;
afterEach(() => app.close());

describe('training service', () => {
  /** Five stored days and a JAMPR tw1 N=10 model that plans them today; returns the day ids and the model. */
  async function userHistory(
    comparison: TrainJobResult['comparison'],
    { steps = 3, instancesTrained = 64, stored = (comparison?.days ?? 2) + 3 } = {},
  ) {
    const trainer = fakeTrainer(comparison, steps, instancesTrained);
    app = createTestApp(trainer);
    const current = registerModel(app.store, await saveTinyModel(app.dir, 'jampr', 'tw1', 10), false);
    const ids: number[] = [];
    // By default as many days as hold out the fake comparison's and three more to learn from.
    for (let i = 0; i < stored; i++) ids.push((await app.call('instances:save', { instance: tinyInstance(`tiny-${i}`) })).id);
    return { trainer, current, ids };
  }
  const runToEnd = async (request: Parameters<TestApp['call']>[1] & object) => {
    const run = await app.call('training:start', request as never);
    for (;;) {
      const now = await app.call('training:status', { id: run.id });
      if (now.status !== 'running') return now;
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  /** A run named `name` on userHistory's days, to its end, its held-out days judged as `comparison` says. */
  const judgedRun = async (name: string, comparison: TrainJobResult['comparison'], history: { stored?: number } = {}) => {
    const { ids } = await userHistory(comparison, history);
    return runToEnd({ variant: 'tw1', size: 10, instanceIds: ids, minutes: 1, name });
  };

  it('tells a run that held out none of the days to tick stored days, however many are stored', async () => {
    // No day ticked: the run learns from generated days; the dispatcher may have many days stored, none of them ticked.
    app = createTestApp(fakeTrainer(null, 1));
    for (let i = 0; i < 5; i++) await app.call('instances:save', { instance: tinyInstance(`stored-${i}`) });
    const generated = await runToEnd({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'generated' });
    expect(generated.verdict).toBe(
      'generated was not activated: there were no held-out days of yours to compare it on (tick 4 or more stored days to hold 3 of them out).',
    );
    await app.close();
    // One day ticked is learnt from, none held out: the same advice.
    const { ids } = await userHistory(null, { stored: 1 });
    const one = await runToEnd({ variant: 'tw1', size: 10, instanceIds: ids, minutes: 1, name: 'one-day' });
    expect(one.verdict).toMatch(/^one-day was not activated: .* \(tick 4 or more stored days to hold 3 of them out\)\.$/);
  });

  it('refuses before training a held-out day bigger than a learned model plans, naming it, and starts nothing', async () => {
    const { trainer, ids } = await userHistory(null, { stored: 3 });
    const big = tinyInstance('Hamburg 1001');
    big.vehicles = 1001;
    big.customers = Array.from({ length: 1001 }, (_, i) => ({
      id: `c${i}`,
      x: i % 50,
      y: Math.floor(i / 50),
      demand: 1,
      ready: 0,
      due: 1000,
      service: 0,
    }));
    const bigId = (await app.call('instances:save', { instance: big })).id;
    const refusal = await app.fail('training:start', { variant: 'tw1', size: 10, instanceIds: [...ids, bigId], minutes: 1, name: 'big' });
    expect(refusal.message).toMatch(
      /^“Hamburg 1001” \(1001 customers\) would be held out to judge the new model, .* at most 1000 customers: untick it/,
    );
    expect(trainer.jobs).toHaveLength(0);
    expect(await app.call('training:list', {})).toEqual([]);
  });

  it('says so where no training step fitted in the minutes given', async () => {
    app = createTestApp(fakeTrainer(null, 1, 0));
    const ended = await runToEnd({ variant: 'tw1', size: 10, instanceIds: [], minutes: 0.5, name: 'short' });
    expect(ended.verdict).toBe(
      'short was not kept: no training step fitted in its 0.5 minutes (getting ready took them), so it would be the untrained weights; give it more minutes to learn from your days.',
    );
    // Nothing of it is listed or could be activated: its folder went too.
    expect(ended.modelId).toBeNull();
    expect((await app.call('models:list', {})).map((m) => m.name)).not.toContain('short');
    await app.close();
    app = createTestApp(fakeTrainer(null, 1));
    expect((await runToEnd({ variant: 'tw1', size: 10, instanceIds: [], minutes: 0.5, name: 'stepped' })).verdict).not.toMatch(/not kept/);
    expect((await app.call('models:list', {})).map((m) => m.name)).toContain('stepped');
    await app.close();
    // Cancelled before its first step: the dispatcher stopped it, the minutes were not too few.
    app = createTestApp(fakeTrainer(null, Infinity, 0));
    const run = await app.call('training:start', {
      variant: 'tw1',
      size: 10,
      instanceIds: [],
      minutes: 1,
      name: 'cancel-me',
      fromScratch: true,
    });
    const cancelled = await app.call('training:cancel', { id: run.id });
    expect(cancelled.verdict).toBe(
      'cancel-me was not kept: the run was stopped before its first training step, so it would be the untrained weights.',
    );
    expect((await app.call('models:list', {})).map((m) => m.name)).not.toContain('cancel-me');
    expect(cancelled.verdict).not.toMatch(/more minutes/);
    // Nothing of it is worth activating: the verdict does not offer it.
    expect(cancelled.verdict).not.toMatch(/can be activated/);
  });

  it('trains a model named in 200 letters of several bytes each: its folder is cut to what a disk takes, its name kept whole', async () => {
    app = createTestApp(fakeTrainer(null, 3));
    // 600 bytes in UTF-8 (3 a letter), and 800 (4 a letter, two UTF-16 units each): a folder of their first 100 letters
    // would be 300 and 400 bytes, more than the 255 a folder name may have.
    for (const name of ['北'.repeat(200), '𠀀'.repeat(200)]) {
      const ended = await runToEnd({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name, fromScratch: true });
      expect(ended).toMatchObject({ status: 'done', error: null, keptModel: name });
      const model = (await app.call('models:list', {})).find((m) => m.name === name)!;
      const folder = model.folder.split(/[\\/]/).at(-1)!;
      expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(250);
      expect(name.startsWith(folder)).toBe(true);
    }
    // A name that begins as the first does names the same folder: refused, as any other name writing into it is.
    const again = await app.fail('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: `${'北'.repeat(90)}南` });
    expect(again.message).toMatch(/would be stored in the folder 北+…, which holds another model's files: choose another name/);
  }, 60_000);

  it("refuses a model name whose folder would overwrite another model's files, or leave the models folder", async () => {
    app = createTestApp(fakeTrainer(null, 3));
    await runToEnd({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'north depot' });
    const request = { variant: 'tw1', size: 10, instanceIds: [], minutes: 1 } as const;
    expect((await app.fail('training:start', { ...request, name: 'north_depot' })).message).toBe(
      "the model name north_depot would be stored in the folder north_depot, which holds another model's files: choose another name",
    );
    expect((await app.fail('training:start', { ...request, name: 'NORTH DEPOT' })).message).toMatch(/in the folder north_depot, /);
    expect((await app.fail('training:start', { ...request, name: '///' })).message).toMatch(/cannot name a folder/);
    expect((await app.fail('training:start', { ...request, name: '..' })).message).toMatch(/cannot name a folder/);
    expect((await app.fail('training:start', { ...request, name: '   ' })).message).toBe('the model name is empty: give the model a name');
    expect((await app.call('training:list', {})).length).toBe(1);
    // A day ticked in the list but deleted meanwhile (another window) is named as such, not by its id: a conflict.
    const { id } = await app.call('instances:save', { instance: tinyInstance('gone') });
    await app.call('instances:delete', { id });
    expect(await app.fail('training:start', { ...request, instanceIds: [id] })).toEqual({
      kind: 'conflict',
      message: `one of the chosen days was deleted since the list was shown (id ${id}): choose the days again`,
      // The window that ticked it names it (known-names.ts).
      missing: { what: 'days', ids: [id], words: `id ${id}` },
    });
  });

  it('starts from the model that plans the policy today, learns from all but the most recent days and compares on them', async () => {
    const { trainer, current, ids } = await userHistory(null);
    await runToEnd({ variant: 'tw1', size: 10, instanceIds: [...ids].reverse(), minutes: 1, name: 'retrained' });
    const job = trainer.jobs[0];
    expect(job).toMatchObject({ fromDir: current.folder, compareDir: current.folder });
    // Five days (a week): a fifth would be one, but three are held out, enough to judge by, and two learnt from.
    expect(job.instances.map((d) => d.name)).toEqual(['tiny-0', 'tiny-1']);
    expect(job.holdout.map((d) => d.name)).toEqual(['tiny-2', 'tiny-3', 'tiny-4']);
    await runToEnd({ variant: 'tw1', size: 10, instanceIds: ids, minutes: 1, name: 'fresh', fromScratch: true });
    expect(trainer.jobs[1]).toMatchObject({ fromDir: null, compareDir: current.folder });
  });

  it('activates nothing over a model the dispatcher chose during the run', async () => {
    app = createTestApp(fakeTrainer(judged({ days: 3, newCost: 90, newUnserved: 0, currentCost: 100, currentUnserved: 0 }), 40));
    const current = registerModel(app.store, await saveTinyModel(app.dir, 'jampr', 'tw1', 10), false);
    const chosen = registerModel(app.store, await saveTinyModel(join(app.dir, 'other'), 'jampr', 'tw1', 12), false);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await app.call('instances:save', { instance: tinyInstance(`tiny-${i}`) })).id);
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: ids, minutes: 1, name: 'late' });
    expect(current.name).toBe('jampr-tw1-n10');
    await app.call('models:activate', { id: chosen.id });
    let ended = run;
    while (ended.status === 'running') {
      await new Promise((r) => setTimeout(r, 10));
      ended = await app.call('training:status', { id: run.id });
    }
    expect(ended.verdict).toMatch(/^late was not activated: the model planning this policy changed during the run \(now /);
    expect((await app.call('models:list', {})).filter((m) => m.active).map((m) => m.id)).toEqual([chosen.id]);
    // The run names the model it kept, still after the model is deleted (its id is gone, so the tab can say so).
    expect(ended).toMatchObject({ keptModel: 'late', modelId: expect.any(Number) });
    await app.call('models:delete', { id: ended.modelId! });
    expect(await app.call('training:status', { id: run.id })).toMatchObject({ keptModel: 'late', modelId: null });
  });

  it('deletes a model trained here with its folder, leaves an imported folder on disk and refuses a shipped model', async () => {
    app = createTestApp(fakeTrainer());
    const shipped = registerModel(app.store, await saveTinyModel(join(app.dir, 'shipped'), 'jampr', 'tw1', 20), true);
    const imported = registerModel(app.store, await saveTinyModel(join(app.dir, 'elsewhere'), 'jampr', 'tw1', 12), false);
    const trained = registerModel(app.store, await saveTinyModel(join(app.dir, 'models'), 'jampr', 'tw1', 10), false);
    await app.call('models:activate', { id: trained.id });

    const left = await app.call('models:delete', { id: trained.id });
    expect(left.map((m) => m.name).sort()).toEqual([imported.name, shipped.name].sort());
    expect(left.some((m) => m.active)).toBe(false);
    expect(existsSync(trained.folder)).toBe(false);

    await app.call('models:delete', { id: imported.id });
    expect(existsSync(join(imported.folder, 'card.json'))).toBe(true);

    expect((await app.fail('models:delete', { id: shipped.id })).message).toBe(
      `${shipped.name} ships with the app and cannot be deleted: activate another model, or leave the choice automatic`,
    );
    expect((await app.fail('models:delete', { id: trained.id })).message).toMatch(/it was deleted already/);
    expect((await app.call('models:list', {})).map((m) => m.id)).toEqual([shipped.id]);
  });

  it('activates the new model only when it plans the held-out days better, and says so either way', async () => {
    const won = await judgedRun('better', judged({ days: 3, newCost: 90, newUnserved: 0, currentCost: 100, currentUnserved: 0 }));
    expect(won.verdict).toBe(
      'better is now active: mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”) 90.0 against 100.0 for jampr-tw1-n10, day by day 10.0 % less (the geometric mean of the per-day cost ratios, which judges it).',
    );
    expect((await app.call('models:list', {})).filter((m) => m.active).map((m) => m.name)).toEqual(['better']);
    // Automatic choice again: nothing active, plans take the nearest trained size.
    expect((await app.call('models:automatic', { method: 'jampr', variant: 'tw1' })).some((m) => m.active)).toBe(false);
    await app.close();

    // Cheaper by leaving a customer out is worse: fewer customers unserved comes first.
    const lost = await judgedRun('worse', judged({ days: 3, newCost: 80, newUnserved: 1, currentCost: 100, currentUnserved: 0 }));
    expect(lost.verdict).toBe(
      'worse was not activated: mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”) 80.0 (1 customer not served) against 100.0 for jampr-tw1-n10, day by day 20.0 % less (the geometric mean of the per-day cost ratios, which judges it), which stays in use.',
    );
    expect((await app.call('models:list', {})).some((m) => m.active)).toBe(false);
    await app.close();

    // Better on one held-out day only (of three stored days): too little to replace the model that plans today.
    const unjudged = await judgedRun('few', judged({ days: 1, newCost: 50, newUnserved: 0, currentCost: 100, currentUnserved: 0 }), {
      stored: 3,
    });
    expect(unjudged.verdict).toMatch(
      /^few was not activated: 1 held-out day is too few to judge it by \(at least 3; tick 4 or more stored days to hold 3 of them out\)/,
    );
    expect(unjudged.verdict).toMatch(/ It can be activated under Models\.$/);
    await app.close();
    // Worse on those few days: nothing invites activating it by hand.
    const worseFew = await judgedRun('few-worse', judged({ days: 1, newCost: 150, newUnserved: 0, currentCost: 100, currentUnserved: 0 }), {
      stored: 3,
    });
    expect(worseFew.verdict).toMatch(/too few to judge it by/);
    expect(worseFew.verdict).not.toMatch(/can be activated/);
    expect((await app.call('models:list', {})).some((m) => m.active)).toBe(false);
    await app.close();

    // Better, but stopped before its end (Cancel, or the app closing): judged and kept, never activated.
    const stopped = await userHistory(judged({ days: 3, newCost: 90, newUnserved: 0, currentCost: 100, currentUnserved: 0 }));
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: stopped.ids, minutes: 1, name: 'stopped' });
    const cancelled = await app.call('training:cancel', { id: run.id });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.verdict).toBe(
      'stopped was not activated: the run was stopped before its end; mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”): 90.0 against 100.0 for jampr-tw1-n10, day by day 10.0 % less (the geometric mean of the per-day cost ratios, which judges it). It can be activated under Models.',
    );
    expect((await app.call('models:list', {})).some((m) => m.active)).toBe(false);
    await app.close();
    // Stopped, and worse on the held-out days: judged and kept, and nothing invites activating it by hand.
    const stoppedWorse = await userHistory(judged({ days: 3, newCost: 110, newUnserved: 0, currentCost: 100, currentUnserved: 0 }));
    const worseRun = await app.call('training:start', {
      variant: 'tw1',
      size: 10,
      instanceIds: stoppedWorse.ids,
      minutes: 1,
      name: 'stopped-worse',
    });
    const cancelledWorse = await app.call('training:cancel', { id: worseRun.id });
    expect(cancelledWorse.verdict).toBe(
      'stopped-worse was not activated: the run was stopped before its end; mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”): 110.0 against 100.0 for jampr-tw1-n10, day by day 10.0 % more (the geometric mean of the per-day cost ratios, which judges it).',
    );
    await app.close();

    // Stopped before its first step: the model is the current one unchanged, so nothing is offered to activate.
    const early = await userHistory(judged({ days: 3, newCost: 100, newUnserved: 0, currentCost: 100, currentUnserved: 0 }), {
      steps: Infinity,
      instancesTrained: 0,
    });
    const first = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: early.ids, minutes: 1, name: 'early' });
    const stoppedEarly = await app.call('training:cancel', { id: first.id });
    expect(stoppedEarly.verdict).toBe(
      'early was not kept: the run was stopped before its first training step, so it would be jampr-tw1-n10 unchanged.',
    );
    expect((await app.call('models:list', {})).map((m) => m.name)).toEqual(['jampr-tw1-n10']);
  });

  it('judges on the held-out days still stored where one is deleted during the run, and says so', async () => {
    // Better on two days, worse on the one deleted during the run: judged on the two, too few to activate it.
    const { ids } = await userHistory(
      {
        days: 3,
        newCosts: [90, 200, 90],
        newUnserved: 1,
        newUnservedByDay: [0, 1, 0],
        currentCosts: [100, 100, 100],
        currentUnserved: 0,
        currentUnservedByDay: [0, 0, 0],
      },
      { steps: 40 },
    );
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: ids, minutes: 1, name: 'after-delete' });
    await app.call('instances:delete', { id: ids[4] });
    let ended = run;
    while (ended.status === 'running') {
      await new Promise((r) => setTimeout(r, 10));
      ended = await app.call('training:status', { id: run.id });
    }
    expect(ended.verdict).toBe(
      'after-delete was not activated: 2 held-out days are too few to judge it by (at least 3; 1 was deleted during the run: train again to hold out 3 of the days still stored); mean cost of its greedy plans of 2 held-out days (“tiny-3”, “tiny-5”; “tiny-4” was deleted during the run and is left out) 90.0 against 100.0 for jampr-tw1-n10, day by day 10.0 % less (the geometric mean of the per-day cost ratios, which judges it). It can be activated under Models.',
    );
    await app.close();
    // Every held-out day deleted: nothing is left to judge it on.
    const all = await userHistory(judged({ days: 3, newCost: 90, newUnserved: 0, currentCost: 100, currentUnserved: 0 }), { steps: 40 });
    const second = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: all.ids, minutes: 1, name: 'none-left' });
    for (const id of all.ids.slice(3)) await app.call('instances:delete', { id });
    let done = second;
    while (done.status === 'running') {
      await new Promise((r) => setTimeout(r, 10));
      done = await app.call('training:status', { id: second.id });
    }
    expect(done.verdict).toBe(
      'none-left was not activated: its 3 held-out days were all deleted during the run, so none is left to judge it on; as read at the start, the mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”): 90.0 against 100.0 for jampr-tw1-n10, day by day 10.0 % less (the geometric mean of the per-day cost ratios, which judges it). It can be activated under Models.',
    );
    await app.close();
    // Every held-out day deleted, and the run measured the new model worse on them: activating it by hand is not offered.
    const worse = await userHistory(judged({ days: 3, newCost: 110, newUnserved: 0, currentCost: 100, currentUnserved: 0 }), { steps: 40 });
    const third = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: worse.ids, minutes: 1, name: 'none-left' });
    for (const id of worse.ids.slice(3)) await app.call('instances:delete', { id });
    done = third;
    while (done.status === 'running') {
      await new Promise((r) => setTimeout(r, 10));
      done = await app.call('training:status', { id: third.id });
    }
    expect(done.verdict).toBe(
      'none-left was not activated: its 3 held-out days were all deleted during the run, so none is left to judge it on; as read at the start, the mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”): 110.0 against 100.0 for jampr-tw1-n10, day by day 10.0 % more (the geometric mean of the per-day cost ratios, which judges it).',
    );
  });

  it('judges day by day: a held-out day of 1,000 stops, or a planar day in its own units, does not outweigh the others', async () => {
    /** The new model's cost of each of three held-out days, against 100, 100 and 1,000 for the current one. */
    const byDay = (newCosts: number[]) => ({
      days: 3,
      newCosts,
      newUnserved: 0,
      newUnservedByDay: [0, 0, 0],
      currentCosts: [100, 100, 1000],
      currentUnserved: 0,
      currentUnservedByDay: [0, 0, 0],
    });
    // 10 % cheaper on two days, 10 % dearer on the big one: the mean of the costs (426.7 against 400.0) is the big day's.
    const won = await judgedRun('most-days', byDay([90, 90, 1100]));
    expect(won.verdict).toBe(
      'most-days is now active: mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”) 426.7 against 400.0 for jampr-tw1-n10, day by day 3.8 % less (the geometric mean of the per-day cost ratios, which judges it).',
    );
    expect((await app.call('models:list', {})).filter((m) => m.active).map((m) => m.name)).toEqual(['most-days']);
    await app.close();
    // 15 % dearer on two days, cheaper on the big one: a lower mean, but not better day by day.
    const lost = await judgedRun('big-day-only', byDay([115, 115, 800]));
    expect(lost.verdict).toBe(
      'big-day-only was not activated: mean cost of its greedy plans of 3 held-out days (“tiny-3”, “tiny-4”, “tiny-5”) 343.3 against 400.0 for jampr-tw1-n10, day by day 1.9 % more (the geometric mean of the per-day cost ratios, which judges it), which stays in use.',
    );
    expect((await app.call('models:list', {})).some((m) => m.active)).toBe(false);
  });
});
