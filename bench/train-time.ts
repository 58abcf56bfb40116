/**
 * Where a short retraining's time goes: the run as the Training tab makes it (the train job, fine-tuning the shipped
 * model on generated days, the most recent held out), timed from its start to its verdict's figures. Prints the minutes
 * asked, the seconds the trainer took, the seconds after it (the comparison on the held-out days), the seconds spent
 * validating and the learning curve's validation points.
 *   npx tsx bench/train-time.ts [minutes=1] [days=50] [size=20] [threads=2] [model=jampr-tw1-n20] [stops=size]
 * `model` is the shipped model it starts from (the Training tab starts from the one that plans the size: jampr-tw1-n50
 * from 35 customers on); `stops` the days' size where it differs from the model's (a day of 120 stops, trained at 100).
 */
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTrainJob } from '../src/main/jobs/train.js';
import { generateInstance } from '../src/main/vrp/generate.js';
import { createRng } from '../src/main/vrp/rng.js';
import { splitHoldout } from '../src/shared/holdout.js';

const [minutes = 1, count = 50, size = 20, threads = 2] = process.argv.slice(2, 6).map(Number);
const modelName = process.argv[6] ?? 'jampr-tw1-n20';
const stops = Number(process.argv[7] ?? size);
const model = join(import.meta.dirname, '..', 'resources', 'models', modelName);
const rng = createRng(11);
const days = Array.from({ length: count }, (_, i) => generateInstance(stops, rng, `day-${i + 1}`));
const { learn, holdout } = splitHoldout(days);
const root = await mkdtemp(join(tmpdir(), 'jampr-train-time-'));
const started = performance.now();
const since = () => (performance.now() - started) / 1000;
let trainerEnd: number | null = null;
let validationPoints = 0;
let steps = 0;
/** When each phase (measuring, the pair bias, the first step, comparing) began, in seconds from the start. */
const phases: Record<string, number> = {};
const result = await runTrainJob(
  {
    variant: 'tw1',
    size,
    minutes,
    instances: learn,
    holdout,
    fromDir: model,
    compareDir: model,
    outDir: join(root, 'new'),
    name: 'new',
    threads,
  },
  {
    signal: new AbortController().signal,
    onProgress: ({ point, phase }) => {
      if (point?.validationCost != null) validationPoints++;
      if (point) steps = point.steps ?? steps;
      if (phase?.startsWith('comparing')) trainerEnd ??= since();
      if (phase) phases[phase.split(' ').slice(0, 3).join(' ')] ??= +since().toFixed(1);
    },
  },
);
const total = since();
const trainer = trainerEnd ?? total;
console.log(
  JSON.stringify({
    load: loadavg()[0].toFixed(2),
    minutes,
    days: learn.length,
    heldOut: holdout.length,
    size,
    stops,
    model: modelName,
    threads,
    totalSec: +total.toFixed(1),
    overrunSec: +(total - minutes * 60).toFixed(1),
    trainerSec: +trainer.toFixed(1),
    afterTrainerSec: +(total - trainer).toFixed(1),
    validationSec: +(result.validationSec ?? 0).toFixed(1),
    validationShare: +((result.validationSec ?? 0) / (minutes * 60)).toFixed(3),
    validationPoints,
    steps,
    phases,
  }),
);
