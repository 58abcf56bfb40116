import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { VariantName } from '../../shared/domain.js';
import { splitHoldout } from '../../shared/holdout.js';
import { MAX_CUSTOMERS, MAX_TRAINING_MINUTES, MIN_TRAINING_MINUTES, MIN_TRAINING_SIZE } from '../../shared/limits.js';
import { findDefaultModel } from '../../main/jampr/model-catalog.js';
import { readInstancesJsonl } from '../../main/vrp/io/index.js';
import { EXIT } from '../exit-codes.js';
import { numberFlag, optionalNumberFlag, parseFlags, variantName } from '../args.js';
import { checkOutputFolder } from '../files.js';
import { trainOnThread } from '../train-thread.js';
import { trainVerdict } from '../train-verdict.js';
import { usageError } from '../usage.js';

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
  const variant = variantName(values.variant);
  const size = numberFlag(values, 'size', 20, { min: MIN_TRAINING_SIZE, max: MAX_CUSTOMERS, integer: true });
  const minutes = numberFlag(values, 'minutes', 10, { min: MIN_TRAINING_MINUTES, max: MAX_TRAINING_MINUTES });
  const fromDir = values.from ? resolve(values.from) : null;
  // The file's last days are held out, as the app holds out the days stored last: a model is judged on days like the
  // ones to come. They are its validation days, and both models plan them at the end.
  const days = values.instances ? readInstancesJsonl(values.instances) : [];
  const { learn, holdout } = splitHoldout(days);
  // Compared with the model it started from, else (as the app compares with the model in use) the one jampr plans with.
  const compareDir = holdout.length === 0 ? null : (fromDir ?? (await plannedWith(variant, size)));
  // The folder's name by default: a model trained from a shipped one must not pass for it in plans and cards.
  const name = values.name ?? basename(outDir);
  const result = await trainOnThread(
    {
      variant,
      size,
      minutes,
      instances: learn,
      fromDir,
      outDir,
      name,
      holdout,
      compareDir,
      // Absent: one thread per core (the job's default).
      threads: optionalNumberFlag(values, 'threads', { min: 1, max: 64, integer: true }),
    },
    ({ point, fraction, phase }) =>
      console.error(
        !point
          ? `${Math.round(fraction * 100)}% ${phase ?? ''}`
          : `${Math.round(fraction * 100)}% instances ${point.instancesSeen}` +
              (point.meanCost !== null ? ` cost ${point.meanCost.toFixed(1)}` : ' (start)') +
              (point.baselineCost !== null ? ` baseline ${point.baselineCost.toFixed(1)}` : '') +
              (point.validationCost !== null ? ` validation ${point.validationCost.toFixed(1)}` : '') +
              ` ${point.elapsedSec.toFixed(0)} s`,
      ),
  );
  const heldOut = holdout.map((d) => d.name);
  const verdict = trainVerdict({
    name,
    out: values.out,
    result,
    heldOut,
    days: days.length,
    compared: compareDir && modelName(compareDir),
  });
  console.log(JSON.stringify({ ...result, heldOut, compared: compareDir, better: verdict?.better ?? null }));
  // Stopped by Ctrl-C: what was trained is kept (a model that can plan), and the status says it was cut short.
  if (result.cancelled) {
    process.exitCode = EXIT.interrupted;
    process.stderr.write(
      result.outDir === null
        ? 'jampr: stopped before the first training step: nothing was written\n'
        : `jampr: ${result.stoppedEarly ?? 'training stopped early'}; the model trained so far is saved in ${result.outDir} (its card says so)\n`,
    );
  }
  if (verdict) process.stderr.write(`jampr: ${verdict.said}\n`);
  const { start, end } = result.validation;
  // With days held out the verdict above judges the model on them (its validation days): the warning would repeat it.
  if (!result.comparison && start !== null && end !== null && end > start) {
    // Untrained weights are not kept anywhere, so "keep the model it started from" is advice only for --from.
    const advice = values.from
      ? 'the model it started from may be the better one'
      : 'the untrained weights it started from were not kept: train longer, or start --from a shipped model';
    console.error(
      `jampr: warning: the model plans its validation instances worse than when this run started (greedy cost ${start.toFixed(1)} -> ${end.toFixed(1)}); ${advice}`,
    );
  }
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
