import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../src/shared/domain.js';
import { listModels } from '../../src/main/jampr/model-catalog.js';
import { evaluatePlan } from '../../src/main/vrp/evaluate.js';
import { generateInstances } from '../../src/main/vrp/generate.js';
import { parseInstancesJsonl, writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { buildProblem } from '../../src/main/vrp/validate.js';
import { cliWorkDir, failureOf, jampr, jamprWithEnv, startJampr } from './fixtures/cli.js';

/** The CLI commands other than plan (cli-plan.test.ts), each as a real process on real files. */
describe('jampr info, generate, eval and bench', () => {
  it('info lists every model plan can choose from, with the values of its card', async () => {
    const { stdout } = await jampr('info');
    const info = JSON.parse(stdout) as { models: { name: string; instancesTrained: number; validationCost: number }[] };
    const cards = (await listModels()).map(({ card }) => card);
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(info.models).toEqual(
      cards.map((c) =>
        expect.objectContaining({
          name: c.name,
          instancesTrained: c.instancesTrained,
          validationCost: c.validation.curve.at(-1)?.cost,
        }),
      ),
    );
  });

  it('info says why it lists no model where $JAMPR_MODELS_DIR names a folder that does not exist, as plan does', async () => {
    const dir = await cliWorkDir();
    const missing = join(dir, 'no-such-models');
    const { code, stdout, stderr } = await jamprWithEnv(dir, { JAMPR_MODELS_DIR: missing }, 'info');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ modelsRoot: missing, models: [] });
    expect(stderr).toBe(
      `jampr: warning: the models folder ${missing} does not exist, as $JAMPR_MODELS_DIR names it\n  - set JAMPR_MODELS_DIR to a folder that holds model folders, or unset it to plan with the shipped models\n`,
    );
  });

  it('--version and -v print the version of package.json, and generate counts one instance as one', async () => {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) expect((await jampr(flag)).stdout).toBe(`${version}\n`);
    const dir = await cliWorkDir();
    const one = await jampr('generate', '--size', '1', '--out', join(dir, 'one.jsonl'));
    expect(one.stderr).toBe(`wrote 1 instance of 1 customer to ${join(dir, 'one.jsonl')}\n`);
    const two = await jampr('generate', '--size', '3', '--count', '2', '--out', join(dir, 'two.jsonl'));
    expect(two.stderr).toBe(`wrote 2 instances of 3 customers to ${join(dir, 'two.jsonl')}\n`);
  });

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

  it('bench reads a customer CSV with the fleet flags plan reads (--speed with a value is the travel speed)', async () => {
    const dir = await cliWorkDir();
    const csv = join(dir, 'day.csv');
    await writeFile(csv, 'id,lat,lon,demand,ready,due,service\nD,52.5,13.4,0,06:00,18:00,0\nC1,52.51,13.41,5,08:00,12:00,5\n');
    const bench = ['bench', '--solomon', csv, '--methods', 'classical', '--time-limit', '0.1'];
    const { stdout } = await jampr(...bench, '--capacity', '10', '--speed', '30', '--vehicles', '1');
    expect(stdout).toMatch(/^\| classical \| [\d.]+ \| 1\.00 \| [\d.]+ \| [\d.]+ \| 0 \|$/m);
    // Without them: the CSV reader's own request, naming flags bench now takes.
    expect((await failureOf(...bench)).stderr).toMatch(/the vehicle capacity is required: give it with --capacity/);
    expect((await failureOf('bench', '--capacity', '10')).stderr).toMatch(/--capacity sets the fleet of --solomon files/);
    // --speed with its km/h forgotten is the speed figures, which read no fleet or file: refused, not minutes of figures.
    expect((await failureOf(...bench, '--capacity', '10', '--speed')).stderr).toMatch(
      /--speed alone gives the speed figures, which read only --gap-instances, --gap-seconds, --model, not --solomon/,
    );
    expect((await jampr('bench', '--help')).stdout).toMatch(/customer \.csv .*instance \.json[\s\S]*Solomon \.txt or a VRPLIB \.vrp/);
  });

  it('bench averages cost, k and dist over the feasible plans only, counting those left out, and says so', async () => {
    const dir = await cliWorkDir();
    const day = (name: string, demands: number[], far: number) => {
      const rows = demands.map((d, i) => `${i + 1},${3 * far * (i + 1)},${4 * far * (i + 1)},${d},0,1000,0`);
      return writeFile(join(dir, name), ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', ...rows, ''].join('\n'));
    };
    await day('fits.csv', [5], 1);
    // One vehicle of 10 for 8 + 8, ten times as far out: every plan leaves a customer unserved.
    await day('short.csv', [8, 8], 10);
    const row = async (files: string) => {
      const args = ['--solomon', files, '--methods', 'classical', '--time-limit', '0.1', '--capacity', '10', '--vehicles', '1'];
      const { stdout } = await jampr('bench', ...args);
      expect(stdout).toMatch(/cost, k and dist: means over each method's feasible plans only; infeasible: the plans left out/);
      const line = stdout.split('\n').find((l) => l.startsWith('| classical |'));
      return line
        ?.split('|')
        .map((c) => c.trim())
        .slice(2, 7);
    };
    const [cost, k, dist, , infeasible] = (await row(join(dir, 'fits.csv')))!;
    expect(infeasible).toBe('0');
    // The plan that leaves a customer out is counted, not averaged in.
    expect((await row(`${join(dir, 'fits.csv')},${join(dir, 'short.csv')}`))!).toEqual([cost, k, dist, expect.any(String), '1']);
    expect((await row(join(dir, 'short.csv')))!).toEqual(['–', '–', '–', expect.any(String), '1']);
    // A customer no plan can serve (its window closes before anyone gets there) leaves every plan short alike: counted in.
    await writeFile(join(dir, 'unreachable.csv'), 'id,x,y,demand,ready,due,service\nD,0,0,0,0,1000,0\n1,3,4,5,0,1000,0\n2,30,40,1,0,2,0\n');
    expect((await row(`${join(dir, 'fits.csv')},${join(dir, 'unreachable.csv')}`))![4]).toBe('0');
    // So does an order bigger than a vehicle (11 on vehicles of 10).
    await day('heavy.csv', [5, 11], 1);
    expect((await row(`${join(dir, 'fits.csv')},${join(dir, 'heavy.csv')}`))![4]).toBe('0');
    expect((await jampr('bench', '--help')).stdout).toMatch(/means over the\s+feasible plans only/);
  });

  it('bench stops at once on Ctrl-C and says in which row, which rows are whole, and that the rest were not printed', async () => {
    const args = ['bench', '--size', '10', '--count', '2', '--methods', 'random,classical', '--time-limit', '60'];
    const { child, streams, ended, seen } = startJampr(args);
    // Once the random row is printed, the classical search (60 s an instance) is under way.
    await seen(/\| random \|/, 'stdout');
    const asked = performance.now();
    child.kill('SIGINT');
    // Ended by the signal (the shell reports 130), at once rather than after the search's minutes, with one line.
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    expect(performance.now() - asked).toBeLessThan(5000);
    expect(streams.stderr).toBe(
      'jampr: bench cancelled at instance 1 of 2 of the classical row: it and the rows after it were not printed; the row above is complete\n',
    );
    expect(streams.stdout).not.toMatch(/\| classical \|/);
  }, 30_000);

  it('bench --speed stops at once on Ctrl-C and says in which figure, none having been printed', async () => {
    const args = ['bench', '--speed', '--gap-instances', 'R1_10_1', '--gap-seconds', '60'];
    const { child, streams, ended, seen } = startJampr(args);
    // Its figures are measured on a thread of their own, each said as it begins: main hears the signal while the first
    // one is under way.
    await seen(/^jampr: measuring greedyMsN20\n/m);
    const asked = performance.now();
    child.kill('SIGINT');
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    expect(performance.now() - asked).toBeLessThan(5000);
    expect(streams.stderr).toMatch(
      /^(jampr: measuring \w+\n)+jampr: bench --speed cancelled while measuring (\w+): no figures were printed\n$/,
    );
    // The figure it stopped in is the last one it said it began.
    const said = [...streams.stderr.matchAll(/^jampr: measuring (\w+)$/gm)].map((m) => m[1]);
    expect(streams.stderr).toContain(`cancelled while measuring ${said.at(-1)}:`);
    expect(streams.stdout).toBe('');
  }, 60_000);

  it('bench prints one table row per method in the order asked', async () => {
    const { stdout } = await jampr(
      'bench',
      '--size',
      '5',
      '--count',
      '2',
      '--variant',
      'tw2',
      '--methods',
      'classical,random',
      '--time-limit',
      '0.1',
    );
    const rows = stdout
      .split('\n')
      .filter((l) => /^\| (classical|random) \|/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()));
    expect(rows.map((r) => r[1])).toEqual(['classical', 'random']);
    for (const [, , cost, k, dist, , infeasible] of rows) {
      expect(Number(k)).toBeGreaterThanOrEqual(1);
      expect(Number(cost)).toBeGreaterThanOrEqual(Number(dist)); // tw2 cost = distance + lateness penalty
      expect(infeasible).toBe('0');
    }
  });

  it('bench loads the model before its first row, leaving the loading out of the times, and says so', async () => {
    const bench = ['bench', '--size', '5', '--count', '1', '--time-limit', '0.1'];
    const { stdout } = await jampr(...bench, '--methods', 'classical,jampr-greedy');
    const lines = stdout.split('\n');
    const note = lines.findIndex((l) => /^t leaves out loading: .* \(loading and warm-up: \d+\.\d\d s\)\.$/.test(l));
    expect(note).toBeGreaterThan(0);
    expect(note).toBeLessThan(lines.indexOf('| method | cost | k | dist | t (s/inst) | infeasible |'));
    // Rows that load no model need no warm-up, and their table says nothing of one.
    expect((await jampr(...bench, '--methods', 'classical')).stdout).not.toContain('loading');
  });

  it('bench reads --samples for the random rows, as jampr plan does (FIELD_METHODS)', async () => {
    const cost = async (samples: string) => {
      const { stdout } = await jampr('bench', '--size', '10', '--count', '2', '--methods', 'random', '--samples', samples);
      return Number(
        stdout
          .split('\n')
          .find((l) => l.startsWith('| random |'))
          ?.split('|')[2],
      );
    };
    // The best of 300 draws beats a single draw on these days: the flag reaches the random plans.
    expect(await cost('300')).toBeLessThan(await cost('1'));
  });

  it('rejects an unknown bench method by name, before any work, with exit code 1', async () => {
    const failure = await failureOf('bench', '--methods', 'random,best');
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(/unknown bench method 'best'; choose from jampr-greedy, .*, random: see jampr bench --help\n/);
  });

  it("prints a command's options on --help, and plans nothing", async () => {
    const { stdout } = await jampr('plan', '--help');
    expect(stdout).toMatch(/^usage: jampr plan INSTANCE/);
    for (const flag of ['--method', '--samples', '--improve', '--capacity', '--speed', '--time-limit']) expect(stdout).toContain(flag);
    const general = (await jampr('--help')).stdout;
    expect(general).toContain('jampr <command> --help');
    // The exit codes, listed once there (exit-codes.ts) and pointed to from each command's help.
    expect(general).toMatch(
      /\nexit codes:\n {2}0 {4}done.*\n {2}1 {4}bad input.*\n {2}2 .*\n {2}3 .*\n {2}130 {2}stopped by Ctrl-C.*\n {2}143 {2}stopped by SIGTERM.*\n {2}129 {2}stopped by SIGHUP/,
    );
    expect(stdout).toMatch(/\nExit codes: jampr --help lists them\.\n$/);
    // Flags with a default are shown optional; eval's policy is the plan file's own where --variant is left out.
    expect(stdout).toMatch(/^usage: jampr plan INSTANCE \[--variant tw1\|tw2\|tw3\] \[--method [a-z|]+\] \[options\]\n/);
    const evalHelp = (await jampr('eval', '--help')).stdout;
    expect(evalHelp).toContain("--variant tw1|tw2|tw3   hard, partly soft or soft windows (default: the plan file's own");
    expect(evalHelp).not.toContain('(default tw1)');
    // A missing instance names every format plan reads.
    expect((await failureOf('plan')).stderr).toMatch(/plan needs an INSTANCE file: .*\.json.*\.txt.*\.vrp.*\.csv.*\.tsv/);
  });

  it('a bare jampr is a mistake in a script: usage on stderr, exit 1', async () => {
    const failure = await failureOf();
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(/no command given\nusage: jampr <command>/);
  });

  it('refuses an --out extension the command does not write, before planning', async () => {
    const dir = await cliWorkDir();
    const failure = await failureOf('plan', 'data/solomon/R201.txt', '--first', '5', '--out', join(dir, 'plan.tsv'));
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(/cannot write .*plan\.tsv: this command writes \.json or \.csv files, not \.tsv/);
    expect((await failureOf('generate', '--size', '5', '--out', join(dir, 'set.csv'))).stderr).toMatch(/not \.csv/);
  });

  it('refuses generate without --out, naming the missing flag', async () => {
    const failure = await failureOf('generate', '--size', '5');
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(/--out FILE.jsonl is required/);
  });

  it('train splits its steps over the threads asked for, with the worker the build emits, and leaves a checkpoint', async () => {
    const dir = await cliWorkDir();
    const out = join(dir, 'model');
    const { stdout } = await jampr('train', '--variant', 'tw1', '--size', '5', '--minutes', '0.5', '--threads', '2', '--out', out);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ outDir: out, cancelled: false, threads: 2 });
    // The thread count is fixed when the trainer starts, whatever a loaded machine gets done in the minutes.
    const card = JSON.parse(await readFile(join(out, 'card.json'), 'utf8')) as {
      name: string;
      validation: { curve: { cost: number }[] };
    };
    // Named after its folder, and the run's validation cost at its start and end are the card's first and last.
    expect(card.name).toBe('model');
    expect(result.validation).toEqual({ start: card.validation.curve[0].cost, end: card.validation.curve.at(-1)?.cost });
    // Half a minute, the shortest run (limits.ts), and its validations on a loaded machine: beyond the default 60 s.
  }, 120_000);
});
