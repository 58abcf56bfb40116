/**
 * Trains a shipped model (the first one: JAMPR tw1 N=20, the defaults). Checkpoints (float32, with
 * optimizer state) go to .tmp/train/<name>/; each one that is the best so far on the validation set is
 * exported with float16 weights to resources/models/<name>/, so that folder can be committed at any time.
 * Recipe: an imitation warm start on the classical solver's plans, then REINFORCE with the sample-mean
 * baseline ('pomo-mean'). Rerunning resumes from the work folder. The card's notes hold random(1000)
 * and classical costs on the same validation set, next to its learning curve.
 *
 *   nice -n 10 npx tsx scripts/train-model.ts [--kind jampr|am] [--variant tw1|tw2|tw3] [--size 20]
 *       [--imitation-minutes 60 (0: go straight to REINFORCE)] [--imitation-lr 5e-4] [--minutes 240]
 *       [--lr 1e-4 (REINFORCE; a rate other than the run's so far starts a new recipe stage)]
 *       [--from resources/models/jampr-tw1-n20 (curriculum: start a new size from a smaller size's model)]
 * To restart from the best shipped checkpoint instead of the latest, copy resources/models/<name> over the work folder.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { makeVariant, type VariantName } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import type { ModelCard } from '../src/main/jampr/card.js';
import { exportCheckpoint, loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import type { ModelKind } from '../src/main/jampr/model/config.js';
import { trainModel, type TrainProgress } from '../src/main/jampr/train/train.js';
import { shippedTrainingSource } from '../src/main/jampr/train/sources.js';
import { evaluateIndexRoutes } from '../src/main/vrp/evaluate.js';
import { createRng } from '../src/main/vrp/rng.js';
import { solveClassical } from '../src/main/vrp/solvers/classical.js';
import { solveRandom } from '../src/main/vrp/solvers/random.js';

const { values: args } = parseArgs({
  options: {
    kind: { type: 'string', default: 'jampr' },
    variant: { type: 'string', default: 'tw1' },
    size: { type: 'string', default: '20' },
    'imitation-minutes': { type: 'string', default: '60' },
    minutes: { type: 'string', default: '240' },
    from: { type: 'string' },
    'imitation-lr': { type: 'string', default: '5e-4' },
    lr: { type: 'string', default: '1e-4' },
  },
});
const kind = args.kind as ModelKind;
const variantName = args.variant as VariantName;
const size = Number(args.size);
const name = `${kind}-${variantName}-n${size}`;
const OUT = `.tmp/train/${name}`;
const SHIPPED = `resources/models/${name}`;
const VALIDATION = { size: 128, seed: 4321 };
const IMITATION_INSTANCES = 20_000;

await selectBackend();
const variant = makeVariant(variantName);
const validation = shippedTrainingSource(size).draw(VALIDATION.size, createRng(VALIDATION.seed));
const meanCost = (plan: (i: number) => number[][]) =>
  validation.reduce((a, p, i) => a + evaluateIndexRoutes(p, plan(i), variant).cost, 0) / validation.length;
const random = meanCost((i) => solveRandom(validation[i], variant, { samples: 1000, seed: i }));
const classical = meanCost((i) => solveClassical(validation[i], variant, { timeLimitSec: 1, seed: i, maxIterations: 200 }));
const notes = `validation set (${VALIDATION.size} ${variantName} N=${size} instances, half generated, half city days; seed ${VALIDATION.seed}; evaluator costs in user units): random(1000) mean cost ${random.toFixed(1)}, classical (1 s, 200 rounds) ${classical.toFixed(1)}`;
console.log(notes);

const log = (p: TrainProgress) =>
  console.log(
    JSON.stringify({
      at: new Date().toISOString(),
      ...p,
      meanCost: Math.round(p.meanCost),
      baselineCost: Math.round(p.baselineCost),
      validationCost: p.validationCost && Math.round(p.validationCost),
    }),
  );
/** Ships a checkpoint only when its validation cost is the best so far (REINFORCE can wander). */
const shipIfBest = async (card: ModelCard) => {
  const costs = card.validation.curve.map((p) => p.cost);
  if (costs.at(-1) !== Math.min(...costs)) return;
  await exportCheckpoint(OUT, SHIPPED, 'float16');
  console.log(`shipped: validation ${costs.at(-1)} after ${card.instancesTrained} instances`);
};
const common = {
  kind,
  variant: variantName,
  size,
  outDir: OUT,
  seed: 20,
  validationSize: VALIDATION.size,
  validationSeed: VALIDATION.seed,
  checkpointEverySec: 300,
  notes,
  onProgress: log,
  name,
  onCheckpoint: shipIfBest,
};

// The work folder wins over --from, so a rerun resumes its own run instead of starting over.
const startsFromSmaller = Boolean(args.from) && !existsSync(`${OUT}/model.json`);
if (startsFromSmaller) cpSync(args.from as string, OUT, { recursive: true });
const resumed = existsSync(`${OUT}/model.json`) ? (await loadCheckpoint(OUT)).card : null;
const imitationMinutes = Number(args['imitation-minutes']);
if (
  imitationMinutes > 0 &&
  (!resumed || startsFromSmaller || (resumed.recipe.name === 'imitation' && resumed.instancesTrained < IMITATION_INSTANCES))
) {
  const r = await trainModel({
    ...common,
    fromDir: resumed ? OUT : undefined,
    minutes: imitationMinutes,
    maxInstances: IMITATION_INSTANCES,
    recipe: { name: 'imitation', batchSize: 32, epochSize: 1024, learningRate: Number(args['imitation-lr']), expertSeconds: 0.1 },
  });
  console.log('imitation done', r.stoppedBy, JSON.stringify(r.card.validation.curve.at(-1)));
  // Imitation can overshoot: REINFORCE then starts from the best imitation checkpoint (with a fresh optimizer).
  const costs = r.card.validation.curve.map((p) => p.cost);
  if (costs.at(-1) !== Math.min(...costs) && existsSync(`${SHIPPED}/model.json`)) {
    rmSync(OUT, { recursive: true });
    cpSync(SHIPPED, OUT, { recursive: true });
    console.log('REINFORCE starts from the best imitation checkpoint');
  }
}
const r = await trainModel({
  ...common,
  fromDir: OUT,
  minutes: Number(args.minutes),
  recipe: { name: 'pomo-mean', batchSize: 8, epochSize: 512, samplesPerInstance: 8, learningRate: Number(args.lr) },
});
console.log('reinforce done', r.stoppedBy, JSON.stringify(r.card.validation.curve.at(-1)));
