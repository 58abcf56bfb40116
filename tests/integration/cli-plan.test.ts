import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../src/shared/domain.js';
import { evaluatePlan } from '../../src/main/vrp/evaluate.js';
import { generateInstances } from '../../src/main/vrp/generate.js';
import { generateCityDay } from '../../src/main/vrp/generate-city.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { parsePlanJson, writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { buildProblem } from '../../src/main/vrp/validate.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliWorkDir, failureOf, jamprWithEnv, jampr, jamprIn, startJampr } from './fixtures/cli.js';

/** The `jampr plan` command end to end: a real process, the shipped models, the one evaluator. */
describe('jampr plan', () => {
  it('plans with the shipped model for the variant and size, names it, and reports the evaluator cost', async () => {
    const instance = generateInstances(20, 1, 11)[0];
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(instance));
    // Run from the folder holding the file, not the installation's: the shipped models are found all the same.
    const { stdout } = await jamprIn(dir, 'plan', 'instance.json', '--variant', 'tw3', '--method', 'jampr');
    const plan = parsePlanJson(stdout);
    expect(plan.model).toBe('jampr-tw3-n20');
    expect(plan.routes.flat().sort()).toEqual(instance.customers.map((c) => c.id).sort());
    expect(plan.cost).toBeCloseTo(evaluatePlan(buildProblem(instance), plan.routes, makeVariant('tw3')).cost, 6);
  });

  it('plans and scores the .jsonl of one instance that generate writes, and names a .jsonl of several as such', async () => {
    const dir = await cliWorkDir();
    await jamprIn(dir, 'generate', '--size', '6', '--count', '1', '--out', 'one.jsonl');
    const { stdout } = await jamprIn(dir, 'plan', 'one.jsonl', '--time-limit', '0.2', '--out', 'plan.json');
    expect(JSON.parse(stdout)).toMatchObject({ instance: generateInstances(6, 1, 1)[0].name, feasible: true });
    expect(JSON.parse((await jamprIn(dir, 'eval', 'one.jsonl', 'plan.json')).stdout)).toMatchObject({ feasible: true });
    await jamprIn(dir, 'generate', '--size', '6', '--count', '3', '--out', 'three.jsonl');
    for (const args of [
      ['plan', 'three.jsonl'],
      ['eval', 'three.jsonl', 'plan.json'],
    ]) {
      const failure = await failureOf(...args.map((a) => (a.endsWith('.json') || a.endsWith('.jsonl') ? join(dir, a) : a)));
      expect(failure.code).toBe(1);
      expect(failure.stderr).toMatch(/^jampr: .*three\.jsonl holds 3 instances, one a line \(JSON Lines\), not one instance/);
    }
  });

  it('says when the time limit ended before the search could improve the plan, in the plan and on stderr', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'large.json'), writeInstanceJson(generateInstances(1000, 1, 1)[0]));
    const { stdout, stderr } = await jamprIn(dir, 'plan', 'large.json', '--variant', 'tw3', '--time-limit', '0.1');
    expect(parsePlanJson(stdout).cutShort).toBe(true);
    expect(stderr).toContain(
      "jampr: note: the time limit of 0.1 s ended before the search could improve the plan as far as it goes: the plan is little better than the construction's first one; plan again with a longer time limit\n",
    );
    await writeFile(join(dir, 'small.json'), writeInstanceJson(generateInstances(10, 1, 1)[0]));
    const small = await jamprIn(dir, 'plan', 'small.json', '--variant', 'tw3', '--time-limit', '0.1');
    expect(parsePlanJson(small.stdout).cutShort).toBeUndefined();
    expect(small.stderr).not.toMatch(/time limit/);
  });

  it('repeats the classical plan of its --seed with --iterations on 100 customers and a long limit (a timed search: every core)', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'day.json'), writeInstanceJson(generateInstances(100, 1, 3)[0]));
    // A limit of 3 s and more, at 100 customers, is where the timed search runs on every core (classical-parallel.ts);
    // the iterations end this one long before its limit.
    const plan = (...more: string[]) => jamprIn(dir, 'plan', 'day.json', '--variant', 'tw2', '--seed', '5', ...more);
    const repeated = ['--time-limit', '120', '--iterations', '300'];
    const [first, second] = [await plan(...repeated), await plan(...repeated)];
    expect(parsePlanJson(second.stdout).routes).toEqual(parsePlanJson(first.stdout).routes);
    expect(first.stderr).not.toMatch(/iterations/);
    // Off a terminal, a search longer than the default says when it has begun, and for how long it may run.
    expect(first.stderr).toContain('jampr: planning 100 customers (classical, tw2) for up to 120 s: Ctrl-C cancels it, writing nothing\n');
    // Where the limit ends the search first, the plan may differ: said so.
    const timed = await plan('--time-limit', '0.1', '--iterations', '1000000');
    expect(timed.stderr).toContain(
      'jampr: note: the time limit ended the search before its 1000000 iterations, so another run of --seed 5 may give another plan; give a longer --time-limit (or fewer --iterations) for a plan the seed repeats\n',
    );
    expect(timed.stderr).not.toMatch(/planning/);
    const other = await failureOf('plan', join(dir, 'day.json'), '--method', 'random', '--iterations', '5');
    expect(other.stderr).toContain('jampr: --iterations applies to --method classical only, not random: see jampr plan --help\n');
  });

  it.each([
    [['--improve', '6'], 'with up to 6 s of local search'],
    [['--samples', '1000'], 'by sampling 1000 plans'],
  ])('off a terminal, a learned plan given %j, which may run past 5 s, says so once it has begun', async (flags, how) => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'tiny.json'), writeInstanceJson(generateInstances(10, 1, 3)[0]));
    const { child, streams, ended, seen } = startJampr(['plan', 'tiny.json', '--method', 'jampr', ...flags], { cwd: dir });
    // Said as the model starts, the whole run not waited for: 1,000 plans of 10 stops (samples × customers², 100,000)
    // is where sampling may take more than 5 s (samplingMayTakeOver5s).
    await seen(/^jampr: planning /m);
    child.kill('SIGINT');
    await ended;
    expect(streams.stderr).toMatch(
      new RegExp(`^jampr: planning 10 customers \\(jampr, tw1\\) ${how}: Ctrl-C cancels it, writing nothing$`, 'm'),
    );
  });

  // SIGTERM (`kill`, a service manager) and SIGHUP (the terminal closed) stop it as Ctrl-C does: the shell reports 143, 129.
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    'stops at once on %s, while the solver is busy, says so and writes nothing',
    async (signal) => {
      const instance = generateInstances(50, 1, 13)[0];
      const dir = await cliWorkDir();
      await writeFile(join(dir, 'instance.json'), writeInstanceJson(instance));
      const out = join(dir, 'plan.json');
      const { child, streams, ended, seen } = startJampr(['plan', 'instance.json', '--time-limit', '60', '--out', out], { cwd: dir });
      // Off a terminal (no progress line), a search longer than the default says once that it has begun on its thread:
      // the search is under way, and main listens for the signal.
      const started = 'jampr: planning 50 customers (classical, tw1) for up to 60 s: Ctrl-C cancels it, writing nothing\n';
      await seen(/^jampr: planning /m);
      const asked = performance.now();
      child.kill(signal);
      // Ended by the signal (the shell reports 130 for Ctrl-C), at once rather than after the search's 60 s, with one
      // line that says so, and no plan file (nor its temporary copy).
      expect(await ended).toEqual({ code: null, signal });
      expect(performance.now() - asked).toBeLessThan(5000);
      expect(streams.stderr).toBe(`${started}jampr: plan cancelled: nothing was written\n`);
      expect(streams.stdout).toBe('');
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(dir)).toEqual(['instance.json']);
    },
    60_000,
  );

  it('names a $JAMPR_MODELS_DIR that does not exist as the problem, rather than suggesting to train a model into it', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(generateInstances(5, 1, 3)[0]));
    const missing = join(dir, 'no-such-models');
    const failure = await jamprWithEnv(dir, { JAMPR_MODELS_DIR: missing }, 'plan', 'instance.json', '--method', 'jampr');
    expect(failure.code).toBe(EXIT.input);
    expect(failure.stderr).toContain(
      `jampr: the models folder ${missing} does not exist, as $JAMPR_MODELS_DIR names it\n  - set JAMPR_MODELS_DIR to a folder that holds model folders, or unset it to plan with the shipped models\n`,
    );
    expect(failure.stderr).not.toMatch(/jampr train/);
  });

  it('says before a learned model plans a large day that it takes minutes, as the app does', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(generateInstances(450, 1, 15)[0]));
    const { child, streams, ended, seen } = startJampr(['plan', 'instance.json', '--method', 'jampr'], { cwd: dir });
    // The note comes before the plan: once it is there (or after 30 s without it) the run is cut short, as a plan of
    // 450 stops takes minutes.
    await Promise.race([seen(/not seconds/), new Promise((wait) => setTimeout(wait, 30_000))]);
    child.kill('SIGINT');
    expect((await ended).signal).toBe('SIGINT');
    expect(streams.stderr).toContain(
      'jampr: note: A learned model places one stop at a time: on a day of 450 stops it takes minutes, not seconds',
    );
  }, 60_000);

  it('writes the plan CSV when --out names a .csv file, the plan JSON otherwise', async () => {
    const instance = generateInstances(10, 1, 14)[0];
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(instance));
    await jamprIn(dir, 'plan', 'instance.json', '--time-limit', '0.1', '--out', 'plan.csv');
    await jamprIn(dir, 'plan', 'instance.json', '--time-limit', '0.1', '--out', 'plan.json');
    const csv = await readFile(join(dir, 'plan.csv'), 'utf8');
    // A byte-order mark first, so that Excel reads the file's UTF-8.
    expect(csv.split(/\r?\n/)[0]).toBe('\uFEFFroute,stop,kind,id,name,address,x,y,arrival,wait,start,departure,early,late,load,note');
    expect(csv.match(/^\d+,\d+,stop,/gm)).toHaveLength(instance.customers.length);
    expect(parsePlanJson(await readFile(join(dir, 'plan.json'), 'utf8')).routes.flat()).toHaveLength(instance.customers.length);
  });

  it('writes the plan CSV for Excel with decimal commas on --decimal-comma, plan and eval alike, and refuses it without a .csv --out', async () => {
    const instance = generateInstances(10, 1, 14)[0];
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'instance.json'), writeInstanceJson(instance));
    await jamprIn(dir, 'plan', 'instance.json', '--time-limit', '0.1', '--out', 'plan.json');
    await jamprIn(dir, 'plan', 'instance.json', '--time-limit', '0.1', '--out', 'plan.csv', '--decimal-comma');
    await jamprIn(dir, 'eval', 'instance.json', 'plan.json', '--out', 'scored.csv', '--decimal-comma');
    for (const file of ['plan.csv', 'scored.csv']) {
      const lines = (await readFile(join(dir, file), 'utf8')).split(/\r?\n/);
      expect(lines[0]).toBe('\uFEFFroute;stop;kind;id;name;address;x;y;arrival;wait;start;departure;early;late;load;note');
      expect(lines.filter((line) => /^\d+;\d+;stop;/.test(line))).toHaveLength(instance.customers.length);
      // Generated positions have decimals: written with a comma, none with a point.
      expect(lines.some((line) => /^\d+;\d+;stop;[^;]*;;;\d+,\d+;/.test(line))).toBe(true);
      expect(lines.filter((line) => /;\d+\.\d+;/.test(line))).toEqual([]);
    }
    for (const args of [
      ['plan', join(dir, 'instance.json'), '--decimal-comma'],
      ['plan', join(dir, 'instance.json'), '--out', join(dir, 'again.json'), '--decimal-comma'],
      ['eval', join(dir, 'instance.json'), join(dir, 'plan.json'), '--decimal-comma'],
    ]) {
      const failure = await failureOf(...args);
      expect(failure.stderr).toContain('--decimal-comma writes the plan CSV for Excel with decimal commas: give it with --out FILE.csv');
    }
    expect(existsSync(join(dir, 'again.json'))).toBe(false);
    // A name without an extension is written as JSON: the refusal says so, not that it is a .json file.
    const bare = await failureOf('plan', join(dir, 'instance.json'), '--out', join(dir, 'again'), '--decimal-comma');
    expect(bare.stderr).toContain('give it with --out FILE.csv, not a file written as JSON (.json, or a name without an extension)');
    expect(existsSync(join(dir, 'again'))).toBe(false);
  });

  it('samples when given a sample count alone, and names the method so', async () => {
    const instance = generateInstances(20, 1, 12)[0];
    const file = join(await cliWorkDir(), 'instance.json');
    await writeFile(file, writeInstanceJson(instance));
    const { stdout, stderr } = await jampr('plan', file, '--variant', 'tw1', '--method', 'jampr', '--samples', '16');
    const plan = parsePlanJson(stdout);
    expect(plan.method).toBe('jampr-sample16');
    // 16 plans of 20 stops take a second or two: no word that the plan has begun.
    expect(stderr).not.toMatch(/planning/);
    expect(plan.routes.flat().sort()).toEqual(instance.customers.map((c) => c.id).sort());
  });

  it('says when no sampled plan beat the greedy plans it kept instead', async () => {
    // Two draws from a trained model on a city day: its eight greedy views win, and the plan is the best of them.
    const file = join(await cliWorkDir(), 'city.json');
    await writeFile(file, writeInstanceJson(generateCityDay(30, createRng(9))));
    const { stdout, stderr } = await jampr('plan', file, '--variant', 'tw1', '--method', 'jampr', '--samples', '2');
    // The plan file says so too, for a script that reads it rather than stderr.
    expect(parsePlanJson(stdout).greedyKept).toBe(true);
    expect(stderr).toMatch(
      /jampr: note: none of the 2 sampled plans beat the best of the model's greedy plans \(one for each of the 8 symmetric views of the day, and with fewer vehicles where the demand allows; JAMPR greedy plans the first view only\), so the plan is that best greedy plan/,
    );
    // An AM+TW plan's note speaks of AM+TW, the model that planned it (the app's plan panel words it the same way).
    const am = await jampr('plan', file, '--variant', 'tw1', '--method', 'am', '--samples', '2');
    expect(parsePlanJson(am.stdout).greedyKept).toBe(true);
    expect(am.stderr).toMatch(/jampr: note: none of the 2 sampled plans .*; AM\+TW greedy plans the first view only\)/);
    expect(am.stderr).not.toMatch(/JAMPR/);
    const greedy = await jampr('plan', file, '--variant', 'tw1', '--method', 'jampr');
    expect(greedy.stderr).not.toMatch(/note:/);
    expect(parsePlanJson(greedy.stdout).greedyKept).toBeUndefined();
  });

  it('warns that the models were mostly trained on shorter stops on a day of long stops, unless the local search plans too', async () => {
    const day = generateCityDay(30, createRng(5));
    const long = { ...day, customers: day.customers.map((c) => ({ ...c, service: 40 })) };
    const file = join(await cliWorkDir(), 'long.json');
    await writeFile(file, writeInstanceJson(long));
    const greedy = await jampr('plan', file, '--variant', 'tw3', '--method', 'jampr');
    expect(greedy.stderr).toMatch(
      /jampr: warning: This day's stops take 40 min on average \(.* % of the shift\), longer than the learned models were mostly trained on/,
    );
    const improved = await jampr('plan', file, '--variant', 'tw3', '--method', 'jampr', '--improve', '0.2');
    expect(improved.stderr).not.toMatch(/stops take/);
  });

  it('names every customer it could not serve with the reason, and exits 2 (not 0) when the fleet is too small', async () => {
    const day = generateCityDay(30, createRng(4));
    const demand = day.customers.reduce((a, c) => a + c.demand, 0);
    // One vehicle fewer than the demand needs: some customers cannot be served whatever the plan.
    const short = { ...day, vehicles: Math.ceil(demand / day.capacity) - 1 };
    const file = join(await cliWorkDir(), 'short.json');
    await writeFile(file, writeInstanceJson(short));
    const failure = await failureOf('plan', file, '--variant', 'tw3', '--method', 'jampr');
    expect(failure.code).toBe(2);
    const plan = parsePlanJson(failure.stdout);
    const served = new Set(plan.routes.flat());
    const missing = short.customers.filter((c) => !served.has(c.id));
    expect(missing.length).toBeGreaterThan(0);
    for (const c of missing) {
      expect(failure.stderr).toContain(`customer ${c.id} is not served: the day's demand ${demand} is more than the fleet carries`);
    }
  });

  it('plans the rest of a day with an order bigger than a vehicle, names that customer and its reason, and exits 2', async () => {
    const csv = [
      'type,id,name,lat,lon,demand,ready,due,service',
      'depot,HUB,Depot,52.5270,13.3430,0,07:00,17:00,0',
      'customer,C1,Bakery,52.5101,13.3902,12,08:00,11:00,10',
      'customer,C2,Kiosk,52.4988,13.4211,8,09:00,12:00,10',
      'customer,C3,Cafe,52.5312,13.4101,15,08:00,12:00,10',
      'customer,C4,Builder,52.5395,13.4404,130,08:00,14:00,10',
      'customer,C5,Florist,52.4870,13.3550,9,10:00,15:00,10',
    ].join('\n');
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'day.csv'), csv);
    const fleet = ['--vehicles', '2', '--capacity', '100', '--speed', '30'];
    const failure = await failureOf('plan', join(dir, 'day.csv'), ...fleet, '--time-limit', '0.2', '--out', join(dir, 'plan.csv'));
    expect(failure.code).toBe(2);
    expect(failure.stderr).toBe(
      "jampr: warning: row 6, column demand: customer C4 cannot be served: its demand is more than a vehicle's capacity of 100 (demand '130'), so every plan " +
        'leaves it unserved; split the order into loads of at most 100, or raise the capacity\n' +
        "violation: customer C4 is not served: its demand is more than a vehicle's capacity of 100 (demand 130)\n",
    );
    expect(JSON.parse(failure.stdout)).toMatchObject({
      feasible: false,
      unserved: [{ id: 'C4', reason: "its demand is more than a vehicle's capacity of 100 (demand 130)" }],
    });
    const rows = (await readFile(join(dir, 'plan.csv'), 'utf8')).split(/\r?\n/);
    expect(
      rows
        .filter((row) => /^\d+,\d+,stop,/.test(row))
        .map((row) => row.split(',')[3])
        .sort(),
    ).toEqual(['C1', 'C2', 'C3', 'C5']);
    expect(rows).toContain(
      ",,not served,C4,Builder,,52.5395,13.4404,,,,,,,,its demand is more than a vehicle's capacity of 100 (demand 130)",
    );
  });

  it('rejects a file it cannot read with a message on stderr, exit code 1 and no plan', async () => {
    const file = join(await cliWorkDir(), 'customers.xlsx');
    await writeFile(file, 'not a plan');
    const failure = await failureOf('plan', file);
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(/customers\.xlsx is a spreadsheet workbook, not a CSV/);
  });
});
