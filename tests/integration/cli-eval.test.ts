import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../src/shared/domain.js';
import { evaluatePlan } from '../../src/main/vrp/evaluate.js';
import { generateInstances } from '../../src/main/vrp/generate.js';
import { parseInstancesJsonl, writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { buildProblem } from '../../src/main/vrp/validate.js';
import { cliWorkDir, failureOf, jampr } from './fixtures/cli.js';

/** jampr generate and eval, each as a real process on real files (the other commands: cli-commands.test.ts). */
describe('jampr info, generate, eval and bench', () => {
  it('generate writes the seeded instances, and eval scores a plan for one of them with the evaluator', async () => {
    const dir = await cliWorkDir();
    await jampr('generate', '--size', '6', '--count', '3', '--seed', '5', '--out', join(dir, 'set.jsonl'));
    const written = parseInstancesJsonl(await readFile(join(dir, 'set.jsonl'), 'utf8'));
    expect(written).toEqual(generateInstances(6, 3, 5));

    const instance = written[1];
    const routes = instance.customers.map((c) => [c.id]);
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(instance));
    await writeFile(join(dir, 'plan.json'), JSON.stringify({ routes }));
    const { stdout } = await jampr('eval', join(dir, 'instance.json'), join(dir, 'plan.json'), '--variant', 'tw2');
    const expected = evaluatePlan(buildProblem(instance), routes, makeVariant('tw2'));
    expect(JSON.parse(stdout)).toMatchObject({
      cost: expected.cost,
      distance: expected.distance,
      vehicles: 6,
      feasible: expected.feasible,
    });
  });

  it("eval scores a plan document under the plan's own policy unless --variant says otherwise, and then warns", async () => {
    const dir = await cliWorkDir();
    const instance = generateInstances(6, 1, 9)[0];
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(instance));
    const { stdout: planned } = await jampr(
      'plan',
      join(dir, 'instance.json'),
      '--variant',
      'tw3',
      '--time-limit',
      '0.2',
      '--out',
      join(dir, 'plan.json'),
    );
    const plan = JSON.parse(planned) as { cost: number };
    const own = await jampr('eval', join(dir, 'instance.json'), join(dir, 'plan.json'));
    expect(JSON.parse(own.stdout)).toMatchObject({ variant: 'tw3', cost: plan.cost });
    expect(own.stderr).toBe('');
    const asked = await jampr('eval', join(dir, 'instance.json'), join(dir, 'plan.json'), '--variant', 'tw2');
    expect(JSON.parse(asked.stdout).variant).toBe('tw2');
    expect(asked.stderr).toContain(
      'jampr: warning: the plan was made under tw3; it is scored under tw2 (its own prices: alpha 0, beta 0.5, linear), as --variant asks',
    );
    const other = { ...instance, name: 'another-day' };
    await writeFile(join(dir, 'other.json'), writeInstanceJson(other));
    const renamed = await jampr('eval', join(dir, 'other.json'), join(dir, 'plan.json'));
    expect(renamed.stderr).toContain(`the plan was made for the instance ${instance.name}, not another-day`);
    // Another fleet given to eval than the plan was made for: said, naming what differs.
    const larger = await jampr('eval', join(dir, 'instance.json'), join(dir, 'plan.json'), '--vehicles', '2', '--capacity', '900');
    expect(larger.stderr).toContain(
      `jampr: warning: the plan was made for ${instance.vehicles} vehicles, a capacity of ${instance.capacity}, not 2 vehicles, a capacity of 900: it is scored with the latter, as the instance and flags give it`,
    );
  });

  it('eval scores a plan by the prices it was planned with, and warns where flags change them', async () => {
    const dir = await cliWorkDir();
    const instance = generateInstances(6, 1, 9)[0];
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(instance));
    const planFile = join(dir, 'plan.json');
    const args = ['--variant', 'tw3', '--penalty', 'quadratic', '--alpha', '0', '--time-limit', '0.2', '--out', planFile];
    const plan = JSON.parse((await jampr('plan', join(dir, 'instance.json'), ...args)).stdout) as { cost: number };
    expect(JSON.parse(await readFile(planFile, 'utf8'))).toMatchObject({ variant: 'tw3', alpha: 0, beta: 0.5, penalty: 'quadratic' });
    const own = await jampr('eval', join(dir, 'instance.json'), planFile);
    expect(JSON.parse(own.stdout)).toMatchObject({ variant: 'tw3', cost: plan.cost });
    expect(own.stderr).toBe('');
    const linear = await jampr('eval', join(dir, 'instance.json'), planFile, '--penalty', 'linear');
    expect(linear.stderr).toContain(
      'jampr: warning: the plan was made with penalty quadratic; it is scored with penalty linear, as the flags ask',
    );
  });

  it('eval scores a CSV day with the fleet the plan records where no flag gives one, and says so; flags still win', async () => {
    const dir = await cliWorkDir();
    const csv = join(dir, 'day.csv');
    const customers = [1, 2, 3, 4].map((k) => `C${k},52.5${k},13.4${k},5,08:00,16:00,5`);
    await writeFile(csv, ['id,lat,lon,demand,ready,due,service', 'D,52.5,13.4,0,06:00,18:00,0', ...customers].join('\n'));
    const planFile = join(dir, 'plan.json');
    const fleet = ['--capacity', '10', '--speed', '30', '--vehicles', '2'];
    const planned = JSON.parse((await jampr('plan', csv, ...fleet, '--time-limit', '0.2', '--out', planFile)).stdout);
    const recorded = await jampr('eval', csv, planFile);
    expect(JSON.parse(recorded.stdout)).toMatchObject({ cost: planned.cost, vehicles: 2, feasible: true });
    expect(recorded.stderr).toBe(
      'jampr: note: scored with 2 vehicles, a capacity of 10, 30 km/h, as the plan file records its fleet (--vehicles, --capacity, --speed to score with another)\n',
    );
    // A flag wins, and where it differs from the record the warning says so, as before.
    const flagged = await failureOf('eval', csv, planFile, '--vehicles', '1');
    expect(flagged.stderr).toContain('jampr: note: scored with a capacity of 10, 30 km/h, as the plan file records its fleet');
    expect(flagged.stderr).toContain('jampr: warning: the plan was made for 2 vehicles, not 1 vehicle: it is scored with the latter');
    // The day's demand (20) is more than one vehicle carries, but this plan serves everyone: what is wrong is its vehicles.
    expect(flagged.stderr).toContain(
      "jampr: warning: the plan uses 2 vehicles but the fleet has 1 (as --vehicles gives it), and the day's demand 20 is more than the fleet carries (1 × 10 = 10)",
    );
    expect(flagged.stderr).not.toMatch(/every plan leaves customers unserved/);
    // A recorded value the day cannot take is named as the plan file's, not as the CSV's or a flag's.
    const edited = join(dir, 'edited.json');
    await writeFile(
      edited,
      JSON.stringify({ ...JSON.parse(await readFile(planFile, 'utf8')), fleet: { vehicles: 2, capacity: 2.5, speedKmh: 30 } }),
    );
    expect((await failureOf('eval', csv, edited)).stderr).toMatch(
      /cannot be imported with the fleet the plan file records \(2 vehicles, a capacity of 2\.5, 30 km\/h; give --vehicles, --capacity or --speed to score with another\)\n {2}- vehicle capacity 2\.5 is not a positive integer/,
    );
  });

  it('eval of a plan edited by hand says its old totals are stale, gives its prices, and --out writes its plan CSV', async () => {
    const dir = await cliWorkDir();
    const csv = join(dir, 'day.csv');
    const customers = [1, 2, 3, 4].map((k) => `C${k},52.5${k},13.4${k},5,08:00,16:00,5`);
    await writeFile(csv, ['id,lat,lon,demand,ready,due,service', 'D,52.5,13.4,0,06:00,18:00,0', ...customers].join('\n'));
    const planFile = join(dir, 'plan.json');
    const fleet = ['--capacity', '10', '--speed', '30', '--vehicles', '4'];
    await jampr('plan', csv, ...fleet, '--variant', 'tw3', '--beta', '2', '--time-limit', '0.2', '--out', planFile);
    const written = JSON.parse(await readFile(planFile, 'utf8'));
    // By hand: every customer on a route of its own, the file's cost left as it was.
    const edited = join(dir, 'edited.json');
    await writeFile(edited, JSON.stringify({ ...written, routes: [['C1'], ['C2'], ['C3'], ['C4']] }));
    const out = join(dir, 'edited.csv');
    const scored = await jampr('eval', csv, edited, '--out', out);
    const totals = JSON.parse(scored.stdout);
    expect(totals).toMatchObject({ variant: 'tw3', alpha: written.alpha, beta: 2, penalty: 'linear', vehicles: 4 });
    expect(scored.stderr).toContain(
      `jampr: warning: the plan file says its routes cost ${written.cost.toFixed(2)}, but they cost ${totals.cost.toFixed(2)} under the same policy`,
    );
    const rows = (await readFile(out, 'utf8')).split('\n').filter((row) => /^\d+,\d+,stop,/.test(row));
    expect(rows.map((row) => row.split(',').slice(0, 4).join(','))).toEqual(['1,1,stop,C1', '2,1,stop,C2', '3,1,stop,C3', '4,1,stop,C4']);
    // The plan as written is scored without a word about its totals.
    expect((await jampr('eval', csv, planFile)).stderr).not.toContain('the plan file says');
  });

  it('eval --stops gives every stop time as HH:MM too on a clock-time day', async () => {
    const dir = await cliWorkDir();
    await writeFile(
      join(dir, 'day.csv'),
      ['type,id,x,y,demand,ready,due,service', 'depot,D,0,0,0,07:30,17:30,0', 'customer,a,0,30,5,08:00,09:00,10'].join('\n'),
    );
    await writeFile(join(dir, 'plan.json'), JSON.stringify({ routes: [['a']] }));
    const { stdout } = await jampr('eval', join(dir, 'day.csv'), join(dir, 'plan.json'), '--variant', 'tw1', '--capacity', '10', '--stops');
    const [route] = JSON.parse(stdout).routes;
    // Leaves at 07:30, arrives after 30 min, waits for 08:00, serves 10 min, is back 30 min later.
    expect(route.stops[0]).toMatchObject({ arrival: 480, arrivalAt: '08:00', startAt: '08:00', departureAt: '08:10' });
    expect(route.returnAt).toBe('08:40');
  });

  it("eval of a plan made for another day with the same customer ids warns of the day, not that the plan's totals were edited", async () => {
    const dir = await cliWorkDir();
    // Two days of the same customers' ids (1 to 6), planned on the first, scored on the second.
    const [made, other] = generateInstances(6, 2, 21);
    await writeFile(join(dir, 'made.json'), writeInstanceJson(made));
    await writeFile(join(dir, 'other.json'), writeInstanceJson(other));
    await jampr('plan', join(dir, 'made.json'), '--variant', 'tw3', '--time-limit', '0.1', '--out', join(dir, 'plan.json'));
    const { stderr } = await jampr('eval', join(dir, 'other.json'), join(dir, 'plan.json'));
    expect(stderr).toContain(`jampr: warning: the plan was made for the instance ${made.name}, not ${other.name}\n`);
    expect(stderr).not.toMatch(/edited since|the plan file says its routes cost/);
  });

  it('eval reports the time before a window opens as the plan JSON does: a wait under hard and partly soft windows, early service only under soft', async () => {
    const dir = await cliWorkDir();
    // Reached 30 minutes after the depot opens, served from 60: 30 minutes before the window.
    await writeFile(
      join(dir, 'day.csv'),
      ['type,id,x,y,demand,ready,due,service', 'depot,D,0,0,0,0,600,0', 'customer,a,0,30,5,60,120,10'].join('\n'),
    );
    await writeFile(join(dir, 'plan.json'), JSON.stringify({ routes: [['a']] }));
    const scored = async (variant: string) =>
      JSON.parse(
        (await jampr('eval', join(dir, 'day.csv'), join(dir, 'plan.json'), '--variant', variant, '--capacity', '10', '--stops')).stdout,
      );
    for (const variant of ['tw1', 'tw2']) {
      const report = await scored(variant);
      expect(report).toMatchObject({ wait: 30, early: 0 });
      expect(report.routes[0]).toMatchObject({ wait: 30, early: 0 });
      expect(report.routes[0].stops[0]).toMatchObject({ wait: 30, early: 0 });
    }
    const soft = await scored('tw3');
    expect(soft).toMatchObject({ wait: 0, early: 30 });
    expect(soft.routes[0]).toMatchObject({ wait: 0, early: 30 });
    expect(soft.routes[0].stops[0]).toMatchObject({ wait: 0, early: 30 });
  });

  it('eval of a plan made for another day names a few of its unknown stops and counts the rest, not one line each', async () => {
    const dir = await cliWorkDir();
    const [day] = generateInstances(12, 1, 3);
    await writeFile(join(dir, 'day.json'), writeInstanceJson(day));
    // Another day's plan: 40 stops, none of them a customer of this day.
    const routes = [0, 1].map((r) => Array.from({ length: 20 }, (_, k) => `other-${r * 20 + k + 1}`));
    await writeFile(join(dir, 'plan.json'), JSON.stringify({ instance: 'other', routes }));
    const failure = await failureOf('eval', join(dir, 'day.json'), join(dir, 'plan.json'));
    expect(failure.code).toBe(2);
    const lines = failure.stderr.split('\n').filter((l) => l.includes('a customer of this instance'));
    expect(lines).toEqual([
      "violation: none of the plan's 40 stops is a customer of this instance ('other-1', 'other-2', 'other-3', 'other-4', 'other-5' and 35 more): the plan is for another day",
    ]);
    // The day's 12 customers it leaves out: five named with their reason, the rest counted.
    const unserved = failure.stderr.split('\n').filter((l) => / not served|is not served|not on any route/.test(l));
    expect(unserved).toHaveLength(6);
    expect(unserved[5]).toBe("violation: and 7 more customers not served (the JSON's violations list every one)");
    // The JSON keeps every one, for scripts.
    const violations: { kind: string }[] = JSON.parse(failure.stdout).violations;
    expect(violations.filter((v) => v.kind === 'unknown-customer')).toHaveLength(40);
    expect(violations.filter((v) => v.kind === 'unserved')).toHaveLength(12);
    // A few unknown stops among known ones are each named with their route, as before.
    const known = day.customers.map((c) => c.id);
    await writeFile(join(dir, 'typo.json'), JSON.stringify({ routes: [[...known, 'x1', 'x2']] }));
    const typo = await failureOf('eval', join(dir, 'day.json'), join(dir, 'typo.json'));
    expect(typo.stderr.split('\n').filter((l) => l.includes('a customer of this instance'))).toEqual([
      "violation: route 1 lists 'x1', which is not a customer of this instance",
      "violation: route 1 lists 'x2', which is not a customer of this instance",
    ]);
  });
});
