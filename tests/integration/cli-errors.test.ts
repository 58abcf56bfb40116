import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, link, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { generateInstance } from '../../src/main/vrp/generate.js';
import { writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { type CliFailure, cliWorkDir, failureOf } from './fixtures/cli.js';
import { tinyInstance } from './fixtures/tiny.js';

/** A user's mistake: exit code 1, one clear line on stderr, no stack trace, nothing on stdout. */
function expectUserError(failure: CliFailure, message: RegExp): void {
  expect(failure.code).toBe(EXIT.input);
  expect(failure.stdout).toBe('');
  expect(failure.stderr).toMatch(message);
  expect(failure.stderr).not.toMatch(/internal error|\n\s+at /);
}

async function tinyFiles() {
  const dir = await cliWorkDir();
  const instance = join(dir, 'tiny.json');
  await writeFile(instance, writeInstanceJson(tinyInstance()));
  return { dir, instance };
}

describe('jampr on a user mistake', () => {
  it('eval names a plan file that is missing or a folder', async () => {
    const { dir, instance } = await tinyFiles();
    expectUserError(await failureOf('eval', instance, join(dir, 'nope.json')), /cannot read the plan file .*nope\.json: it does not exist/);
    await mkdir(join(dir, 'folder.json'));
    expectUserError(await failureOf('eval', instance, join(dir, 'folder.json')), /it is a folder, not a file/);
    // A plan CSV (for people) given where the plan JSON is read: named, with the way to the JSON.
    const planCsv = join(dir, 'plan.csv');
    await writeFile(planCsv, '\uFEFFroute,stop,kind,id\n1,0,depart,D\n');
    expectUserError(
      await failureOf('eval', instance, planCsv),
      /plan\.csv is a plan CSV: eval reads the plan JSON \(write it with jampr plan --out plan\.json\)/,
    );
    // A missing instance file is said as plainly as a missing plan file.
    expectUserError(await failureOf('plan', join(dir, 'nope.csv')), /cannot read .*nope\.csv: it does not exist/);
  });

  it('eval names a plan file that is no JSON at all, and says so where the two files were given the other way round', async () => {
    const { dir, instance } = await tinyFiles();
    const customers = join(dir, 'day.csv');
    await writeFile(customers, 'id,x,y,demand,ready,due,service\nD,0,0,0,0,100,0\na,1,1,1,0,50,0\n');
    const plan = join(dir, 'plan.json');
    await writeFile(plan, JSON.stringify({ variant: 'tw1', routes: [['a']] }));
    const swapped = await failureOf('eval', plan, customers, '--capacity', '10');
    expectUserError(swapped, /^jampr: the plan file \S*day\.csv is not JSON: .*the instance comes first, then the plan/m);
    expect(swapped.stderr).toContain(`jampr eval ${customers} ${plan}`);
    // Not the other way round (the first file is no plan): the plan JSON is asked for, naming the file.
    expectUserError(
      await failureOf('eval', instance, customers),
      /^jampr: the plan file \S*day\.csv is not JSON: eval reads the plan JSON/m,
    );
  });

  it('eval names a malformed or cut-off plan file by its path, and the route that is wrong', async () => {
    const { dir, instance } = await tinyFiles();
    const malformed = join(dir, 'malformed.json');
    await writeFile(malformed, '{"routes":[["1"],"2"]}');
    const failure = await failureOf('eval', instance, malformed);
    expectUserError(failure, /^jampr: the plan file \S*malformed\.json is malformed\n\s+- routes, item 2 '2' is not a list$/m);
    const cut = join(dir, 'cut.json');
    await writeFile(cut, '{"routes":[["1"],["2"');
    expectUserError(await failureOf('eval', instance, cut), /^jampr: the plan file \S*cut\.json is not valid JSON\n\s+- not valid JSON: /m);
  });

  it('eval and plan name a mistake in their flags before they read a file', async () => {
    const { dir, instance } = await tinyFiles();
    const malformed = join(dir, 'malformed.json');
    await writeFile(malformed, '{"routes":[["1"],"2"]}');
    const flags: [string[], RegExp][] = [
      [['--variant', 'tw9'], /--variant must be one of tw1, tw2, tw3, got 'tw9'/],
      [['--penalty', 'cubic'], /--penalty must be linear or quadratic/],
      [['--alpha', '-1'], /--alpha/],
      [['--vehicles', '0'], /--vehicles/],
      [['--capacity', '1.5'], /--capacity/],
    ];
    for (const [given, message] of flags) {
      const failure = await failureOf('eval', instance, malformed, ...given);
      expectUserError(failure, message);
      expect(failure.stderr, given.join(' ')).not.toContain('malformed');
    }
    // plan too names a policy flag's mistake before its instance file's.
    const notADay = await failureOf('plan', malformed, '--alpha', '-1');
    expectUserError(notADay, /--alpha/);
    expect(notADay.stderr).not.toContain('malformed');
  });

  it('plan refuses an --out in a missing folder or on a folder before planning', async () => {
    const { dir, instance } = await tinyFiles();
    const missing = join(dir, 'no', 'such', 'plan.json');
    expectUserError(await failureOf('plan', instance, '--out', missing), /the folder .*such does not exist/);
    expectUserError(await failureOf('plan', instance, '--out', dir), /it is a folder, not a file/);
    expectUserError(await failureOf('plan', instance, '--out', '-'), /leave --out out to get the plan JSON on stdout/);
  });

  it('plan and generate refuse an --out that is a read-only file before any work, and leave it as it was', async () => {
    const { dir, instance } = await tinyFiles();
    const kept = join(dir, 'sent.json');
    await writeFile(kept, 'the plan sent to the drivers\n');
    await chmod(kept, 0o444);
    const readOnly = /^jampr: cannot write \S+sent\.json: the file is read-only; make it writable, or choose another --out/;
    expectUserError(await failureOf('plan', instance, '--time-limit', '0.1', '--out', kept), readOnly);
    expectUserError(await failureOf('generate', '--size', '3', '--out', kept), readOnly);
    expect(await readFile(kept, 'utf8')).toBe('the plan sent to the drivers\n');
    expect((await stat(kept)).mode & 0o777).toBe(0o444);
  });

  it('plan refuses an --out that is its own instance file (under another name too), and train one that is its --from', async () => {
    const { dir, instance } = await tinyFiles();
    const before = await readFile(instance, 'utf8');
    await link(instance, join(dir, 'same.json'));
    for (const out of [instance, join(dir, 'same.json')]) {
      expectUserError(await failureOf('plan', instance, '--out', out), /it is the input file .*, which would be overwritten/);
    }
    expect(await readFile(instance, 'utf8')).toBe(before);
    expectUserError(
      await failureOf(
        'train',
        '--size',
        '5',
        '--minutes',
        '0.5',
        '--from',
        'resources/models/jampr-tw1-n20',
        '--out',
        'resources/models/jampr-tw1-n20',
      ),
      /cannot write into .*: it is resources\/models\/jampr-tw1-n20, read by this command/,
    );
  });

  it('refuses a flag given twice, and names a negative or zero fleet value as the flag it is', async () => {
    const { instance } = await tinyFiles();
    expectUserError(
      await failureOf('plan', instance, '--variant', 'tw1', '--variant', 'tw2'),
      /--variant is given 2 times \('tw1', 'tw2'\): give it once/,
    );
    expectUserError(
      await failureOf('plan', instance, '--vehicles', '-2'),
      /--vehicles -2 is less than 1: give an integer >= 1 and <= 10000/,
    );
    // Above the instance's own bounds: named as the flag's mistake, not as a file that cannot be imported.
    expectUserError(
      await failureOf('plan', instance, '--vehicles', '10001'),
      /^jampr: --vehicles 10001 is more than 10000: give an integer >= 1 and <= 10000/,
    );
    expectUserError(await failureOf('plan', instance, '--capacity', '1e12'), /^jampr: --capacity must be .*<= 1000000000, got '1e12'/);
    expectUserError(
      await failureOf('plan', instance, '--capacity', '0'),
      /--capacity 0 is not above 0: give an integer above 0 and <= 1000000000/,
    );
    // Demands may have decimals, the capacity not: the flag is named, not the file.
    expectUserError(await failureOf('plan', instance, '--capacity', '2.5'), /^jampr: --capacity must be an integer above 0/);
    expectUserError(
      await failureOf('plan', instance, '--time-limit', '-1'),
      /--time-limit -1 is less than 0.1: give a number >= 0.1 and <= 600/,
    );
  });

  it('plan refuses a sample count beyond the limit instead of running until killed', async () => {
    const { instance } = await tinyFiles();
    expectUserError(
      await failureOf('plan', instance, '--method', 'jampr', '--decode', 'sample', '--samples', '1e12'),
      /--samples must be .*<= 100000/,
    );
  });

  it('plan refuses a speed for x/y data and a lateness price with hard windows instead of ignoring them', async () => {
    const { instance } = await tinyFiles();
    expectUserError(
      await failureOf('plan', instance, '--speed', '30'),
      /--speed applies to lat\/lon data only: .*tiny\.json has x\/y coordinates/,
    );
    expectUserError(
      await failureOf('plan', instance, '--variant', 'tw1', '--beta', '1'),
      /--beta prices lateness, which hard windows \(tw1\) do not allow/,
    );
  });

  it('plan refuses a flag its method does not read instead of ignoring it', async () => {
    const { instance } = await tinyFiles();
    expectUserError(
      await failureOf('plan', instance, '--method', 'classical', '--samples', '64'),
      /--samples applies to --method jampr or am or random only, not classical/,
    );
    expectUserError(
      await failureOf('plan', instance, '--method', 'jampr', '--time-limit', '5'),
      /--time-limit applies to --method classical or random only, not jampr/,
    );
    expectUserError(
      await failureOf('plan', instance, '--method', 'random', '--decode', 'sample'),
      /--decode applies to --method jampr or am only, not random/,
    );
    expectUserError(
      await failureOf('plan', instance, '--method', 'jampr', '--decode', 'greedy', '--samples', '8'),
      /--samples needs --decode sample/,
    );
  });

  it("points every refusal of an option or argument to the command's --help, and a file's refusal not", async () => {
    const { dir, instance } = await tinyFiles();
    const refusals: [string[], string][] = [
      [
        ['plan', instance, '--capacity', '2', '--capacity', '3'],
        "--capacity is given 2 times ('2', '3'): give it once; see jampr plan --help",
      ],
      [['plan', instance, '--out', ''], '--out is given without a value: see jampr plan --help'],
      [['plan', instance, '--alpha', '1e12'], '--alpha 1e12 is more than 10000: give a number >= 0 and <= 10000; see jampr plan --help'],
      [
        ['plan', instance, '--method', 'jampr', '--decode', 'greedy', '--samples', '8'],
        '--samples needs --decode sample (greedy decoding draws no samples): see jampr plan --help',
      ],
      [
        ['bench', '--vehicles', '3'],
        '--vehicles sets the fleet of --solomon files (a customer CSV needs it): give --solomon, or drop it; see jampr bench --help',
      ],
      [['eval', instance], 'eval needs an INSTANCE file and a PLAN.json: see jampr eval --help'],
      [['train', '--size', '5'], '--out DIR is required (where the checkpoint is written): see jampr train --help'],
      [
        ['generate', '--out', join(dir, 'x.jsonl')],
        '--size N is required, unless --city (whose days then have 20 to 150 stops): see jampr generate --help',
      ],
    ];
    // An --out refused before any work is the option's value refused, however its path is wrong.
    const missing = join(dir, 'no-such-folder');
    refusals.push(
      [
        ['plan', instance, '--out', join(dir, 'plan.tsv')],
        `cannot write ${join(dir, 'plan.tsv')}: this command writes .json or .csv files, not .tsv; choose another --out; see jampr plan --help`,
      ],
      [
        ['plan', instance, '--out', join(missing, 'plan.json')],
        `cannot write ${join(missing, 'plan.json')}: the folder ${missing} does not exist; see jampr plan --help`,
      ],
      [
        ['plan', instance, '--out', instance],
        `cannot write ${instance}: it is the input file ${instance}, which would be overwritten; choose another --out; see jampr plan --help`,
      ],
      [
        ['generate', '--size', '5', '--out', `${dir}/`],
        `cannot write ${dir}/: it ends in / and so names a folder, not a file; drop the /; see jampr generate --help`,
      ],
      [['train', '--size', '5', '--out', instance], `cannot write into ${instance}: it is a file, not a folder; see jampr train --help`],
    );
    for (const [args, message] of refusals)
      expect(await failureOf(...args)).toMatchObject({ code: EXIT.input, stdout: '', stderr: `jampr: ${message}\n` });
    // What is wrong is the file, which the help does not describe.
    expect((await failureOf('plan', join(dir, 'nope.csv'))).stderr).not.toMatch(/--help/);
  });

  it('the web mode names a database it cannot open and exits instead of spinning', async () => {
    const { instance } = await tinyFiles();
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/main/web.ts', '--db', join(instance, 'under-a-file.sqlite')],
      { encoding: 'utf8', timeout: 60_000 },
    ).then(
      () => null,
      (e: CliFailure) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/error: cannot open the database .*under-a-file\.sqlite/);
    expect(failure?.stderr).not.toMatch(/\n\s+at /);
  });

  it('the web mode names a port in use', async () => {
    const { dir } = await tinyFiles();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/main/web.ts', '--port', String(port), '--db', join(dir, 'web.sqlite')],
      { encoding: 'utf8' },
    ).then(
      () => null,
      (e: CliFailure) => e,
    );
    taken.close();
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(new RegExp(`port ${port} is already in use`));
    expect(failure?.stderr).not.toMatch(/\n\s+at |code:/);
  });
});

describe('jampr exit codes for plans', () => {
  it('eval exits with 2 for an infeasible plan, prints its evaluation and names each broken rule on stderr', async () => {
    const { dir, instance } = await tinyFiles();
    await writeFile(join(dir, 'plan.json'), JSON.stringify({ routes: [['a', 'b'], ['c']] }));
    const failure = await failureOf('eval', instance, join(dir, 'plan.json'));
    expect(failure.code).toBe(EXIT.infeasible);
    expect(JSON.parse(failure.stdout)).toMatchObject({
      feasible: false,
      violations: expect.arrayContaining([expect.objectContaining({ kind: 'unserved' })]),
    });
    expect(failure.stderr).toMatch(/^violation: customer d is not served: /m);
    expect(failure.stderr).toMatch(/^violation: customer e is not served: /m);
  });

  it('train refuses an --out that is a file before any training, and plan a model of another policy or method before planning', async () => {
    const { dir, instance } = await tinyFiles();
    expectUserError(
      await failureOf('train', '--size', '5', '--minutes', '0.5', '--out', instance),
      /cannot write into .*: it is a file, not a folder/,
    );
    // A folder holding a model (a shipped one here) would be overwritten by the run's checkpoint.
    expectUserError(
      await failureOf('train', '--size', '5', '--minutes', '0.5', '--out', 'resources/models/jampr-tw1-n20'),
      /cannot write into resources\/models\/jampr-tw1-n20: it holds a model \(card\.json\) that this run would overwrite/,
    );
    expectUserError(
      await failureOf('train', '--size', '5', '--minutes', '1e9', '--out', join(dir, 'm')),
      /--minutes 1e9 is more than 1440: give a number >= 0.5 and <= 1440/,
    );
    const failure = await failureOf(
      'plan',
      instance,
      '--method',
      'jampr',
      '--model',
      'resources/models/jampr-tw3-n20',
      '--out',
      join(dir, 'p.json'),
    );
    // Refused before any planning, by the rule the API uses, with the way out in the command's own flags.
    expect(failure).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'jampr: model resources/models/jampr-tw3-n20 was trained for tw3, not tw1: choose a model trained for tw1, or plan with --variant tw3; see jampr plan --help\n',
    });
    expect(existsSync(join(dir, 'p.json'))).toBe(false);
    expect((await failureOf('plan', instance, '--method', 'am', '--model', 'resources/models/jampr-tw1-n20')).stderr).toBe(
      'jampr: model resources/models/jampr-tw1-n20 is a jampr model, not am: choose an am model, or plan with --method jampr; see jampr plan --help\n',
    );
  });

  it('plan exits with 2 when the fleet cannot serve every customer, and names each one left with the reason', async () => {
    const { dir, instance } = await tinyFiles();
    // One vehicle of capacity 30 cannot carry five demands of 10: the plan uses that one vehicle, never a second.
    const failure = await failureOf('plan', instance, '--vehicles', '1', '--time-limit', '0.2', '--out', join(dir, 'plan.json'));
    expect(failure.code).toBe(EXIT.infeasible);
    expect(JSON.parse(failure.stdout)).toMatchObject({ feasible: false, out: join(dir, 'plan.json'), vehicles: 1 });
    // The file says so too, as the app's export of a plan does: each customer left out is one of its violations.
    const written = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8'));
    expect(written.feasible).toBe(false);
    expect(written.violations.filter((v: { kind: string }) => v.kind === 'unserved')).toHaveLength(2);
    const unserved = failure.stderr.match(
      /violation: customer \S+ is not served: the day's demand 50 is more than the fleet carries \(1 × 30 = 30\)/g,
    );
    expect(unserved).toHaveLength(2);
    expect(failure.stderr).not.toMatch(/vehicles but the fleet has/);
  });

  it("plan refuses a learned model on a day beyond the models' size limit, before loading it", async () => {
    const dir = await cliWorkDir();
    const instance = join(dir, 'large.json');
    await writeFile(instance, writeInstanceJson({ ...generateInstance(1001, createRng(8), 'large'), vehicles: 60 }));
    for (const method of ['jampr', 'am']) {
      const failure = await failureOf('plan', instance, '--method', method);
      expectUserError(
        failure,
        /the learned models plan at most 1000 customers and this day has 1001 .*: plan it with the classical solver/,
      );
      // One message, as for every input error: the notice before a long plan does not say it first.
      expect(failure.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('plan asks for the fleet values a CSV does not hold by their flags', async () => {
    const dir = await cliWorkDir();
    const csv = join(dir, 'day.csv');
    await writeFile(csv, 'id,lat,lon,demand,ready,due,service\nD,52.5,13.4,0,06:00,18:00,0\nC1,52.51,13.41,5,08:00,12:00,5\n');
    const failure = await failureOf('plan', csv);
    expect(failure.code).toBe(EXIT.input);
    expect(failure.stderr).toMatch(/the vehicle capacity is required: give it with --capacity/);
    expect(failure.stderr).toMatch(/the travel speed in km\/h is required for lat\/lon data: give it with --speed/);
  });
});
