import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listModels } from '../../src/main/jampr/model-catalog.js';
import { cliWorkDir, failureOf, jampr, jamprWithEnv, startJampr } from './fixtures/cli.js';

/**
 * The CLI commands other than plan (cli-plan.test.ts), each as a real process on real files: info, --version, --help,
 * the refusals before any work, and train's threads. eval is in cli-eval.test.ts, bench in cli-bench.test.ts.
 */
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
    expect((await failureOf('generate', '--size', '5', '--out', join(dir, 'set.tsv'))).stderr).toMatch(
      /writes \.jsonl or \.json or \.csv files, not \.tsv/,
    );
  });

  it('refuses generate without --out, naming the missing flag', async () => {
    const failure = await failureOf('generate', '--size', '5');
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(/--out FILE\.jsonl \(or FILE\.csv for one day\) is required/);
  });

  it('train splits its steps over the threads asked for, with the worker the build emits, and leaves a checkpoint', async () => {
    const dir = await cliWorkDir();
    const out = join(dir, 'model');
    // Stopped once a step on two threads has come back (Ctrl-C keeps what was trained): the split is what is checked,
    // not the minutes, which a run to its end (cli-train.test.ts) spends.
    const run = startJampr(['train', '--variant', 'tw1', '--size', '5', '--minutes', '0.5', '--threads', '2', '--out', out], { cwd: dir });
    await run.seen(/ cost \d/);
    run.child.kill('SIGINT');
    expect(await run.ended).toEqual({ code: 130, signal: null });
    const result = JSON.parse(run.streams.stdout);
    // The thread count is fixed when the trainer starts, whatever a loaded machine gets done in the minutes.
    expect(result).toMatchObject({ outDir: out, cancelled: true, threads: 2 });
    const card = JSON.parse(await readFile(join(out, 'card.json'), 'utf8')) as {
      name: string;
      validation: { curve: { cost: number }[] };
    };
    // Named after its folder, and the run's validation cost at its start is the card's first.
    expect(card.name).toBe('model');
    expect(result.validation.start).toBe(card.validation.curve[0].cost);
  });
});
