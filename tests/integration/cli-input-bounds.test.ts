/**
 * Input the CLI used to take and then misreport: numbers so large that costs overflow, an empty training file, sizes
 * beyond the limit, and flags a bench's methods never read. Each is exit 1 with one line naming it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { type CliFailure, cliWorkDir, failureOf, jampr } from './fixtures/cli.js';
import { TINY_CSV, tinyInstance } from './fixtures/tiny.js';

const refused = async (message: RegExp, ...args: string[]) => {
  const failure = await failureOf(...args);
  expect(failure.code).toBe(EXIT.input);
  expect(failure.stderr).toMatch(message);
  expect(failure.stdout).toBe('');
};

describe('jampr refuses input it would misreport', () => {
  it('refuses coordinates so large that distances overflow, instead of a plan costing null', async () => {
    const dir = await cliWorkDir();
    const tiny = tinyInstance();
    const huge = { ...tiny, customers: tiny.customers.map((c, i) => (i === 0 ? { ...c, x: 1e308, y: -1e308 } : c)) };
    await writeFile(join(dir, 'huge.json'), writeInstanceJson(huge));
    await refused(
      /x 1e\+308 is too large for customer \S+: numbers in an instance are at most 1e9/,
      'plan',
      join(dir, 'huge.json'),
      '--variant',
      'tw3',
      '--method',
      'random',
    );
  });

  it('bounds --first by the customers an instance may have, not by the largest number a computer counts exactly', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'tiny.json'), writeInstanceJson(tinyInstance()));
    await writeFile(join(dir, 'plan.json'), '{"routes": []}');
    for (const command of ['plan', 'eval']) {
      const args = command === 'plan' ? [join(dir, 'tiny.json')] : [join(dir, 'tiny.json'), join(dir, 'plan.json')];
      const failure = await failureOf(command, ...args, '--first', '0');
      expect(failure.code).toBe(EXIT.input);
      expect(failure.stderr).toMatch(/^jampr: --first 0 is less than 1: give an integer >= 1 and <= 2000; see jampr \w+ --help/);
    }
    await refused(
      /^jampr: --first 2001 is more than 2000: give an integer >= 1 and <= 2000; see jampr bench --help/m,
      'bench',
      '--solomon',
      join(dir, 'tiny.json'),
      '--first',
      '2001',
    );
  });

  it('refuses a --first beyond the customers of the day as the flag it is: how many the file holds, and the way to --help', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'tiny.json'), writeInstanceJson(tinyInstance()));
    await writeFile(join(dir, 'tiny.csv'), TINY_CSV);
    await writeFile(join(dir, 'plan.json'), '{"routes": []}');
    // A whole number within the flag's bounds: "not a whole number" would send the user looking for a typo.
    const beyond = (file: string, command: string) =>
      `jampr: --first 1000 is more than the 5 customers in ${file}: give at most 5; see jampr ${command} --help\n`;
    const csv = ['--capacity', '30'];
    expect((await failureOf('plan', join(dir, 'tiny.csv'), ...csv, '--first', '1000')).stderr).toBe(beyond('tiny.csv', 'plan'));
    expect((await failureOf('plan', join(dir, 'tiny.json'), '--first', '1000')).stderr).toBe(beyond('tiny.json', 'plan'));
    expect((await failureOf('eval', join(dir, 'tiny.json'), join(dir, 'plan.json'), '--first', '1000')).stderr).toBe(
      beyond('tiny.json', 'eval'),
    );
    const solomon = await failureOf('bench', '--solomon', 'data/solomon/R201.txt', '--first', '101', '--methods', 'random');
    expect(solomon.code).toBe(EXIT.input);
    expect(solomon.stderr).toBe(
      'jampr: --first 101 is more than the 100 customers in R201.txt: give at most 100; see jampr bench --help\n',
    );
  });

  it('refuses an empty instances file for training, and sizes beyond the limit before any work', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'empty.jsonl'), '\n');
    await refused(
      /holds no instances/,
      'train',
      '--size',
      '5',
      '--minutes',
      '0.5',
      '--instances',
      join(dir, 'empty.jsonl'),
      '--out',
      join(dir, 'm'),
    );
    await refused(/--size .*<= 2000/, 'generate', '--size', '3000', '--out', join(dir, 'g.jsonl'));
    // The app's smallest model and shortest run bound the CLI too: one rule for both.
    await refused(
      /--size 3 is less than 5: give an integer >= 5 and <= 2000/,
      'train',
      '--size',
      '3',
      '--minutes',
      '0.5',
      '--out',
      join(dir, 'm'),
    );
    await refused(
      /--minutes 0\.25 is under 0\.5, the shortest training run: a shorter run spends its minutes getting ready .* and takes no training step; give it at least 0\.5 minutes/,
      'train',
      '--size',
      '5',
      '--minutes',
      '0.25',
      '--out',
      join(dir, 'm'),
    );
  });

  it('refuses a bench flag none of its methods reads, as plan does', async () => {
    await refused(
      /--samples is read by jampr-sample, am-sample, random, which --methods does not include/,
      'bench',
      '--size',
      '5',
      '--count',
      '1',
      '--methods',
      'classical',
      '--samples',
      '8',
    );
    await refused(
      /--gap-seconds is read by --speed only/,
      'bench',
      '--size',
      '5',
      '--count',
      '1',
      '--methods',
      'random',
      '--gap-seconds',
      '3',
    );
    await refused(
      /--time-limit is read by classical, random, which/,
      'bench',
      '--size',
      '5',
      '--count',
      '1',
      '--methods',
      'jampr-greedy',
      '--time-limit',
      '1',
    );
    await refused(
      /--size sets the generated instances, which --solomon replaces/,
      'bench',
      '--solomon',
      'data/solomon/R201.txt',
      '--size',
      '50',
      '--methods',
      'random',
    );
  });

  it("refuses bench efforts above plan's caps (600 s, 100,000 samples) before any instance is planned", async () => {
    const bench = ['bench', '--size', '5', '--count', '1', '--methods'];
    await refused(/--time-limit 601 is more than 600: give a number >= 0.1 and <= 600/, ...bench, 'classical', '--time-limit', '601');
    await refused(/--improve 601 is more than 600: give a number >= 0.1 and <= 600/, ...bench, 'jampr-ls', '--improve', '601');
    await refused(
      /--samples 100001 is more than 100000: give an integer >= 1 and <= 100000/,
      ...bench,
      'jampr-sample',
      '--samples',
      '100001',
    );
  });

  it('refuses --improve 0, as --time-limit 0 and --samples 0 are, rather than plan greedy under the flag', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'tiny.json'), writeInstanceJson(tinyInstance()));
    const zero = /^jampr: --improve 0 is under 0\.1, the shortest local search: /m;
    await refused(zero, 'plan', join(dir, 'tiny.json'), '--method', 'jampr', '--improve', '0');
    await refused(/leave --improve out to plan without one/, 'plan', join(dir, 'tiny.json'), '--method', 'jampr', '--improve', '0');
    await refused(zero, 'bench', '--size', '5', '--count', '1', '--methods', 'jampr-ls', '--improve', '0');
  });

  it('takes a seed from 0 to 2^32 - 1 in every command, and refuses one beyond, which gave the plan of another seed', async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'tiny.json'), writeInstanceJson(tinyInstance()));
    const plan = (seed: string) => ['plan', join(dir, 'tiny.json'), '--method', 'random', '--seed', seed];
    const range = (seed: string) =>
      new RegExp(`--seed ${seed} is (more than 4294967295|less than 0): give an integer >= 0 and <= 4294967295`);
    for (const seed of ['4294967297', '4294967296', '-1']) {
      await refused(range(seed), ...plan(seed));
      await refused(range(seed), 'generate', '--size', '5', '--seed', seed, '--out', join(dir, 'g.jsonl'));
      await refused(range(seed), 'bench', '--size', '5', '--count', '1', '--methods', 'random', '--seed', seed);
    }
    // The largest seed plans (the tiny day's plan breaks its capacity: exit 2).
    const largest = await jampr(...plan('4294967295')).catch((e: CliFailure) => e);
    expect(JSON.parse(largest.stdout).method).toBe('random');
    expect((await jampr('plan', '--help')).stdout).toMatch(/--seed S +a whole number from 0 to 4294967295/);
  });

  it('refuses a bench --model that cannot plan every learned method asked, before the table begins', async () => {
    const bench = ['bench', '--size', '5', '--count', '1', '--model', 'resources/models/jampr-tw1-n20', '--methods'];
    await refused(
      /is a jampr model and plans every learned method in --methods: am-greedy needs a model of its own kind/,
      ...bench,
      'jampr-greedy,am-greedy',
    );
    await refused(
      /was trained for tw1, not tw2: choose a model trained for tw2, or bench it with --variant tw1/,
      ...bench,
      'jampr-greedy',
      '--variant',
      'tw2',
    );
  });

  it("eval warns that a tw1 plan file's beta is ignored, instead of blaming a flag never given", async () => {
    const dir = await cliWorkDir();
    await writeFile(join(dir, 'tiny.json'), writeInstanceJson(tinyInstance()));
    await writeFile(join(dir, 'plan.json'), JSON.stringify({ routes: [['a', 'b', 'c', 'd', 'e']], variant: 'tw1', beta: 3 }));
    // The tiny plan is over capacity (exit 2): only the warning matters here.
    const result = await jampr('eval', join(dir, 'tiny.json'), join(dir, 'plan.json')).catch((e: CliFailure) => e);
    expect(result.stderr).toMatch(/the plan file gives beta 3, which hard windows \(tw1\) do not price: ignored/);
    expect(result.stderr).not.toMatch(/drop it/);
  });

  it('refuses a flag given an empty value, and names a day cut by --first for what it holds', async () => {
    await refused(/--out is given without a value/, 'plan', 'data/examples/instance.json', '--out', '');
    const dir = await cliWorkDir();
    const out = join(dir, 'first5.json');
    await jampr(
      'plan',
      'data/examples/customers.csv',
      '--capacity',
      '200',
      '--vehicles',
      '10',
      '--first',
      '5',
      '--time-limit',
      '0.5',
      '--out',
      out,
    );
    expect(JSON.parse(await readFile(out, 'utf8')).instance).toBe('customers-5');
    // Scoring that plan against the whole day says so, rather than listing the other customers unserved without a word.
    const whole = await jampr('eval', 'data/examples/customers.csv', '--capacity', '200', '--vehicles', '10', out).catch(
      (e: CliFailure) => e,
    );
    expect(whole.stderr).toMatch(/customers-5/);
    expect((await jampr('help', 'plan')).stdout).toMatch(/^usage: jampr plan INSTANCE/);
  });
});
