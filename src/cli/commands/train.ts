import { basename, resolve } from 'node:path';
import { MAX_CUSTOMERS, MAX_TRAINING_MINUTES, MIN_TRAINING_MINUTES, MIN_TRAINING_SIZE } from '../../shared/limits.js';
import { readInstancesJsonl } from '../../main/vrp/io/index.js';
import { EXIT } from '../exit-codes.js';
import { numberFlag, optionalNumberFlag, parseFlags, variantName } from '../args.js';
import { checkOutputFolder } from '../files.js';
import { trainOnThread } from '../train-thread.js';
import { usageError } from '../usage.js';

/**
 * Trains (or continues training) a JAMPR model on the ML worker; Ctrl-C stops it (train-thread.ts): what was trained is
 * saved, and nothing is written before the first step.
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
  const result = await trainOnThread(
    {
      variant: variantName(values.variant),
      size: numberFlag(values, 'size', 20, { min: MIN_TRAINING_SIZE, max: MAX_CUSTOMERS, integer: true }),
      minutes: numberFlag(values, 'minutes', 10, { min: MIN_TRAINING_MINUTES, max: MAX_TRAINING_MINUTES }),
      instances: values.instances ? readInstancesJsonl(values.instances) : [],
      fromDir: values.from ? resolve(values.from) : null,
      outDir,
      // The folder's name by default: a model trained from a shipped one must not pass for it in plans and cards.
      name: values.name ?? basename(outDir),
      holdout: [],
      compareDir: null,
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
  console.log(JSON.stringify(result));
  // Stopped by Ctrl-C: what was trained is kept (a model that can plan), and the status says it was cut short.
  if (result.cancelled) {
    process.exitCode = EXIT.interrupted;
    process.stderr.write(
      result.outDir === null
        ? 'jampr: stopped before the first training step: nothing was written\n'
        : `jampr: ${result.stoppedEarly ?? 'training stopped early'}; the model trained so far is saved in ${result.outDir} (its card says so)\n`,
    );
  }
  const { start, end } = result.validation;
  if (start !== null && end !== null && end > start) {
    // Untrained weights are not kept anywhere, so "keep the model it started from" is advice only for --from.
    const advice = values.from
      ? 'the model it started from may be the better one'
      : 'the untrained weights it started from were not kept: train longer, or start --from a shipped model';
    console.error(
      `jampr: warning: the model plans its validation instances worse than when this run started (greedy cost ${start.toFixed(1)} -> ${end.toFixed(1)}); ${advice}`,
    );
  }
}
