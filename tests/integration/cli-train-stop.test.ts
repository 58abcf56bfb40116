import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkModelFolder } from '../../src/main/jampr/checkpoint-files.js';
import { generateInstances } from '../../src/main/vrp/generate.js';
import { writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { cliWorkDir, startJampr } from './fixtures/cli.js';

/** A `jampr train` process on one thread, writing to `model` in `dir`. */
const startTraining = (dir: string, ...args: string[]) => startJampr(['train', '--threads', '1', '--out', 'model', ...args], { cwd: dir });

/** Where in stderr each pattern first matches: the lines came in this order when the positions rise. */
const positions = (stderr: string, ...patterns: RegExp[]) => patterns.map((p) => stderr.search(p));

const TWO_MINUTES = 120_000;

describe('jampr train and Ctrl-C', () => {
  it('stops at once while it measures the model it starts from or fits its pair bias: says so, writes nothing, exits 130', async () => {
    const dir = await cliWorkDir();
    await writeFile(
      join(dir, 'days.jsonl'),
      generateInstances(20, 4, 5)
        .map((i) => writeInstanceJson(i))
        .join('\n'),
    );
    const from = ['--size', '20', '--minutes', '2', '--from', resolve('resources/models/jampr-tw1-n20'), '--instances', 'days.jsonl'];
    for (const phase of [/measuring the model/, /fitting the pair bias/]) {
      const run = startTraining(dir, ...from);
      await run.seen(phase);
      const asked = performance.now();
      run.child.kill('SIGINT');
      expect(await run.ended).toEqual({ code: 130, signal: null });
      // Well before the two minutes it was given, however loaded the machine.
      expect(performance.now() - asked).toBeLessThan(TWO_MINUTES / 2);
      const order = positions(
        run.streams.stderr,
        phase,
        /^jampr: stopping: no training step was taken yet, so nothing will be written; Ctrl-C again to quit at once$/m,
        /^jampr: stopped before the first training step: nothing was written$/m,
      );
      expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true);
      expect(run.streams.stderr).not.toMatch(/ cost \d/);
      expect(JSON.parse(run.streams.stdout)).toMatchObject({ outDir: null, cancelled: true });
      expect(existsSync(join(dir, 'model'))).toBe(false);
    }
    // SIGTERM (a service manager, `kill`) stops it as Ctrl-C does, with the status a shell gives it (143).
    const run = startTraining(dir, ...from);
    await run.seen(/measuring the model/);
    run.child.kill('SIGTERM');
    expect(await run.ended).toEqual({ code: 143, signal: null });
    expect(run.streams.stderr).toMatch(
      /^jampr: stopping: no training step was taken yet, so nothing will be written; SIGTERM again to quit at once\njampr: stopped before the first training step: nothing was written$/m,
    );
    expect(existsSync(join(dir, 'model'))).toBe(false);
  }, 180_000);

  it.each([
    ['SIGINT', 'Ctrl-C', 130],
    ['SIGTERM', 'SIGTERM', 143],
  ] as const)(
    'during training finishes the step under way, saves the model, says where and that its card says it stopped early (%s)',
    async (signal, again, code) => {
      const dir = await cliWorkDir();
      const run = startTraining(dir, '--size', '5', '--minutes', '2');
      await run.seen(/ cost \d/);
      run.child.kill(signal);
      expect(await run.ended).toEqual({ code, signal: null });
      const out = join(dir, 'model');
      const order = positions(
        run.streams.stderr,
        / cost \d/,
        new RegExp(
          `^jampr: stopping after the training step under way, then saving the model to ${out}; ${again} again to quit without saving it$`,
          'm',
        ),
        new RegExp(
          `^jampr: training stopped early at .*, \\d+ s into the 2 minutes asked, after \\d+ instances in this run .*; the model trained so far is saved in ${out} \\(its card says so\\)$`,
          'm',
        ),
      );
      expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true);
      const result = JSON.parse(run.streams.stdout);
      expect(result).toMatchObject({ outDir: out, cancelled: true });
      // A whole model folder, whose card says what the command printed.
      const { card } = checkModelFolder(out);
      expect(card.instancesTrained).toBeGreaterThan(0);
      expect(card.notes).toContain(result.stoppedEarly);
      expect(JSON.parse(await readFile(join(out, 'card.json'), 'utf8')).notes).toMatch(/training stopped early at /);
    },
    TWO_MINUTES,
  );

  it(
    'with --instances saves the model at Ctrl-C and stops: no comparison on the held-out days, said in one line, exit 130',
    async () => {
      const dir = await cliWorkDir();
      // Six days of five customers: the last three are held out, and compared on where the run ends by itself.
      await writeFile(
        join(dir, 'days.jsonl'),
        generateInstances(5, 6, 7)
          .map((i) => writeInstanceJson(i))
          .join('\n'),
      );
      const run = startTraining(dir, '--size', '5', '--minutes', '2', '--instances', 'days.jsonl');
      await run.seen(/ cost \d/);
      run.child.kill('SIGINT');
      expect(await run.ended).toEqual({ code: 130, signal: null });
      const out = join(dir, 'model');
      expect(run.streams.stderr).toMatch(/^jampr: training stopped early at .*; the model trained so far is saved in .*$/m);
      expect(run.streams.stderr).not.toMatch(/comparing/);
      expect(run.streams.stderr).toMatch(
        /^jampr: model is not judged: the run was stopped, so it was not compared with jampr-tw1-n20 on the 3 held-out days; it is kept in model and plans only where asked for \(jampr plan --model model\)$/m,
      );
      expect(JSON.parse(run.streams.stdout)).toMatchObject({ outDir: out, cancelled: true, comparison: null, better: null });
      expect(() => checkModelFolder(out)).not.toThrow();
    },
    TWO_MINUTES,
  );

  it(
    'quits at once on a second Ctrl-C without saving, leaving no half-written model folder',
    async () => {
      const dir = await cliWorkDir();
      // Steps of 20 customers take seconds: the second Ctrl-C comes while one is under way.
      const run = startTraining(dir, '--size', '20', '--minutes', '2');
      await run.seen(/ cost \d/);
      run.child.kill('SIGINT');
      await run.seen(/^jampr: stopping after the training step under way/m);
      run.child.kill('SIGINT');
      // Ended by the signal, as Node's default does (the shell reports 130), not by the run finishing its step.
      expect(await run.ended).toEqual({ code: null, signal: 'SIGINT' });
      expect(run.streams.stdout).toBe('');
      const out = join(dir, 'model');
      if (existsSync(out)) {
        expect(run.streams.stderr).toContain(`jampr: quit without saving: ${out} keeps its last complete checkpoint\n`);
        expect(() => checkModelFolder(out)).not.toThrow();
      } else {
        expect(run.streams.stderr).toContain('jampr: quit without saving: nothing was written\n');
      }
      expect(run.streams.stderr).not.toMatch(/training stopped early/);
    },
    TWO_MINUTES,
  );
});
