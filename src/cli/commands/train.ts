import { readFileSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { carriedCustomers, type Instance, type VariantName } from '../../shared/domain.js';
import { comparedModelsText, splitHoldout } from '../../shared/holdout.js';
import { someOf } from '../../shared/some-of.js';
import {
  MAX_CUSTOMERS,
  MAX_TRAINING_MINUTES,
  MIN_TRAINING_MINUTES,
  MIN_TRAINING_SIZE,
  SHORTEST_TRAINING_RUN,
} from '../../shared/limits.js';
import { defaultModelsRoot, findDefaultModel, listModels } from '../../main/jampr/model-catalog.js';
import { CHECKPOINT_FILES } from '../../main/jampr/checkpoint-files.js';
import { readModelSummary, trainedPastStart } from '../../main/services/model-card.js';
import { inputError } from '../../shared/errors.js';
import { readInstancesJsonl } from '../../main/vrp/io/index.js';
import { EXIT } from '../exit-codes.js';
import { numberFlag, optionalNumberFlag, parseFlags, variantName } from '../args.js';
import { checkOutputFolder, readTextFile } from '../files.js';
import { claimOutputFolder } from '../folder-claim.js';
import { signalStatus } from '../interrupt.js';
import { trainOnThread } from '../train-thread.js';
import { trainVerdict } from '../train-verdict.js';
import { printWarning } from '../print-warning.js';
import { usageError } from '../usage.js';
import { modelNameSchema } from '../../shared/model-name.js';
import { expectedSec, runTime, runTimeNotice } from '../../shared/training-time.js';

/**
 * Trains (or continues training) a JAMPR model on the ML worker; Ctrl-C stops it (train-thread.ts): what was trained is
 * saved, and nothing is written before the first step. On --instances it holds out days and judges the new model on
 * them as the app's Training tab does (the same split and the same rule, shared/holdout.ts), and says its verdict.
 */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseFlags('train', argv, {
    variant: { type: 'string', default: 'tw1' },
    size: { type: 'string', default: '20' },
    from: { type: 'string' },
    instances: { type: 'string' },
    minutes: { type: 'string', default: '10' },
    out: { type: 'string' },
    name: { type: 'string' },
    threads: { type: 'string' },
  });
  if (!values.out) throw usageError('--out DIR is required (where the checkpoint is written)');
  checkOutputFolder(values.out, values.from ? [values.from] : []);
  const outDir = resolve(values.out);
  // The folder's name by default: a model trained from a shipped one must not pass for it in plans and cards.
  const name = checkedModelName(values.name, outDir);
  const variant = variantName(values.variant);
  await refuseModelsFolder(values.out, variant);
  const size = numberFlag(values, 'size', 20, { min: MIN_TRAINING_SIZE, max: MAX_CUSTOMERS, integer: true });
  const minutes = numberFlag(values, 'minutes', 10, { min: MIN_TRAINING_MINUTES, max: MAX_TRAINING_MINUTES, under: SHORTEST_TRAINING_RUN });
  const fromDir = values.from ? resolve(values.from) : null;
  // The file's last days are held out, as the app holds out the days stored last: a model is judged on days like the
  // ones to come. They are its validation days, and both models plan them at the end.
  const days = values.instances ? readTrainingDays(values.instances) : [];
  const { learn, holdout } = splitHoldout(days);
  // Compared with the model it started from, else day by day with the one jampr plans that day with (as the app
  // compares each held-out day with the model that plans it today): a day of 40 stops with the N=50 model.
  const compareDirs = fromDir
    ? holdout.map(() => fromDir)
    : await Promise.all(holdout.map((day) => plannedWith(variant, carriedCustomers(day).length)));
  const compared = comparedModelsText(compareDirs.map((dir) => dir && modelName(dir)));
  const comparedDir = new Set(compareDirs).size === 1 ? compareDirs[0] : null;
  const estimate = runEstimate({ size, learn, holdout, fromScratch: fromDir === null }, minutes);
  // The last check before the work: from here until the process ends, a second run on this --out is refused.
  claimOutputFolder(outDir, values.out);
  /** Steps trained so far (the progress points count them), for the JSON. */
  let steps = 0;
  const { result, stoppedBy } = await trainOnThread(
    {
      variant,
      size,
      minutes,
      instances: learn,
      fromDir,
      outDir,
      name,
      holdout,
      compareDir: comparedDir,
      compareDirs,
      // Absent: one thread per core (the job's default).
      threads: optionalNumberFlag(values, 'threads', { min: 1, max: 64, integer: true }),
      // Ctrl-C (SIGTERM, SIGHUP) asks the command to stop: the model so far is saved, and not compared on the held-out
      // days, whose plans would keep it running after the stop.
      compareWhenStopped: false,
    },
    ({ point, fraction, phase }) => {
      steps = Math.max(steps, point?.steps ?? 0);
      console.error(
        !point
          ? `${Math.round(fraction * 100)}% ${phase ?? ''}`
          : `${Math.round(fraction * 100)}% instances ${point.instancesSeen}` +
              (point.meanCost !== null ? ` cost ${point.meanCost.toFixed(1)}` : ' (start)') +
              (point.baselineCost !== null ? ` baseline ${point.baselineCost.toFixed(1)}` : '') +
              (point.validationCost !== null ? ` validation ${point.validationCost.toFixed(1)}` : '') +
              ` ${point.elapsedSec.toFixed(0)} s`,
      );
    },
  );
  // Ran to its end without a step (its minutes went to getting ready): by the app's rule, its model would be the one it
  // started from again, so none is left written; a run stopped before its first step wrote none (train-thread.ts).
  if (result.outDir !== null && !trainedPastStart(readModelSummary(result.outDir), fromDir ? readModelSummary(fromDir) : null)) {
    for (const file of CHECKPOINT_FILES) rmSync(join(result.outDir, file), { force: true });
    const would = fromDir ? `${modelName(fromDir)} again (at most its pair bias fitted)` : 'the untrained weights';
    throw inputError(
      `no training step fitted in --minutes ${minutes}: getting ready took them, so the model would be ${would} and nothing was written to ${values.out}, as the app keeps no model then; give it ${minutes < estimate.shortestMinutes ? `at least --minutes ${estimate.shortestMinutes}` : 'more minutes'}`,
    );
  }
  const heldOut = holdout.map((d) => d.name);
  const verdict = trainVerdict({
    name,
    out: values.out,
    result,
    heldOut,
    days: days.length,
    compared,
    from: fromDir && modelName(fromDir),
  });
  // `compared`: the one model folder every held-out day was compared with; `comparedByDay`: each day's.
  // `estimate`: what was said before the run of its minutes (runEstimate); `steps`: the training steps it took.
  console.log(
    JSON.stringify({
      ...result,
      heldOut,
      compared: comparedDir,
      comparedByDay: compareDirs,
      better: verdict?.better ?? null,
      steps,
      estimate,
    }),
  );
  // Stopped by Ctrl-C (SIGTERM, SIGHUP): what was trained is kept (a model that can plan), and the status says it was
  // cut short, by which signal as a shell says it (130 for Ctrl-C).
  if (result.cancelled) {
    process.exitCode = stoppedBy ? signalStatus(stoppedBy) : EXIT.interrupted;
    process.stderr.write(
      result.outDir === null
        ? 'jampr: stopped before the first training step: nothing was written\n'
        : `jampr: ${result.stoppedEarly ?? 'training stopped early'}; the model trained so far is saved in ${result.outDir} (its card says so)\n`,
    );
  }
  if (verdict) process.stderr.write(`jampr: ${verdict.said}\n`);
}

/**
 * Said before any work, as the Training form says it at its minutes field (shared/training-time.ts, the one rule):
 * where the minutes are too few to train a step at this size on these days, a warning naming the fewest that fit. The
 * run goes on as asked, as the app's does: the estimate is a busy two-core machine's, and a faster one trains a step in
 * fewer minutes. Its figures go into the JSON as `estimate`.
 */
function runEstimate(
  run: { size: number; learn: readonly Instance[]; holdout: readonly Instance[]; fromScratch: boolean },
  minutes: number,
): { shortestMinutes: number; expectedSec: number; short: boolean } {
  const stopsOf = (days: readonly Instance[]) => days.map((day) => day.customers.length);
  const shape = { size: run.size, learnStops: stopsOf(run.learn), heldOutStops: stopsOf(run.holdout), fromScratch: run.fromScratch };
  const notice = runTimeNotice(shape, minutes);
  if (notice.short) printWarning(`--minutes ${minutes}: ${notice.text} It runs as asked.`);
  return { shortestMinutes: notice.shortestMinutes, expectedSec: Math.round(expectedSec(runTime(shape), minutes)), short: notice.short };
}

/**
 * The model's name, checked before any work by the rule the app's runs are checked by (shared/model-name.ts): a name
 * the card cannot hold would otherwise be found only when the trained model is loaded.
 */
function checkedModelName(asked: string | undefined, outDir: string): string {
  const name = asked ?? basename(outDir);
  const checked = modelNameSchema.safeParse(name);
  if (checked.success) return name;
  const problem = checked.error.issues[0].message;
  throw usageError(
    asked !== undefined
      ? `--name ${problem}`
      : `the model would be named after its folder ${basename(outDir)}, which ${problem.replace(/: .*$/, '')}: give it a --name`,
  );
}

/**
 * The days of --instances: JSON Lines of instances. A customer table given instead (the CSV the app imports and
 * exports) is named as such in one line, rather than each of its lines as "not valid JSON": by its first line, which
 * is no JSON object, where the file is named .csv or .tsv or that line is split by commas, semicolons or tabs.
 */
function readTrainingDays(path: string): Instance[] {
  const first = readTextFile(path, 'instances file')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .find((line) => line.trim() !== '')
    ?.trim();
  if (first !== undefined && !first.startsWith('{') && (/^\.(csv|tsv)$/i.test(extname(path)) || /[,;\t]/.test(first))) {
    throw usageError(
      `${path} is a customer table (CSV), but --instances reads JSON Lines of instances (one instance's JSON a line, as jampr generate writes them); no jampr command turns a CSV into them, and the app exports days as CSV only: to train on your own days, import them in the app and train in its Training tab, or leave out --instances to train on generated days`,
    );
  }
  return readInstancesJsonl(path);
}

/** The JAMPR model jampr plans this policy and size with by default, if any (the catalog's rule, model-catalog.ts). */
async function plannedWith(variant: VariantName, size: number): Promise<string | null> {
  try {
    return (await findDefaultModel('jampr', variant, size)).dir;
  } catch {
    return null;
  }
}

/** A model folder's name as its card gives it (the name plans and verdicts use), else the folder's. */
function modelName(dir: string): string {
  try {
    return String(JSON.parse(readFileSync(join(dir, 'card.json'), 'utf8')).name);
  } catch {
    return basename(dir);
  }
}

/**
 * `jampr plan` takes its model unasked from the folders of the models folder (model-catalog.ts), so a model written
 * there plans days of its size from its first checkpoint on, before it is judged, and whatever its verdict. The app
 * keeps what it trains apart from the models that plan and makes a retrained model the one in use only where it plans
 * the held-out days better, or where no model planned the policy before: so --out is refused there where a JAMPR model
 * of the policy plans already.
 */
async function refuseModelsFolder(out: string, variant: VariantName): Promise<void> {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return null;
    }
  };
  const root = defaultModelsRoot();
  const parent = real(dirname(resolve(out)));
  if (parent === null || parent !== real(root)) return;
  const planning = (await listModels(root)).filter((e) => e.card.kind === 'jampr' && e.card.variant === variant);
  if (planning.length === 0) return;
  throw usageError(
    `cannot write into ${out}: jampr plan takes its ${variant} model unasked from ${root} (${someOf(
      planning.map((e) => basename(e.dir)),
      3,
    )}), so this model would plan there before it is judged, and even where it is not better; write it elsewhere and plan with it with --model where its verdict says it is better`,
  );
}
