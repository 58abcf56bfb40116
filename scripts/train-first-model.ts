/**
 * Trains the first shipped model, JAMPR tw1 N=20: checkpoints (float32, with optimizer state) go to
 * .tmp/train/jampr-tw1-n20/, and each one that is the best so far on the validation set is exported as
 * float16 weights to resources/models/jampr-tw1-n20/.
 * Recipe: an imitation warm start on the classical solver's plans, then REINFORCE with the sample-mean
 * baseline ('pomo-mean'), checkpointing every few minutes so the shipped folder can be committed at any
 * time. Rerunning resumes from the work folder. The card's notes hold random(1000) and classical costs on the
 * same validation set, for comparison with its learning curve.
 *
 *   nice -n 10 npx tsx scripts/train-first-model.ts [imitationMinutes=60] [reinforceMinutes=240]
 */
import { existsSync } from 'node:fs';
import { makeVariant } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import type { ModelCard } from '../src/main/jampr/card.js';
import { exportCheckpoint, loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import { trainModel, type TrainProgress } from '../src/main/jampr/train/train.js';
import { generatorSource } from '../src/main/jampr/train/sources.js';
import { evaluateIndexRoutes } from '../src/main/vrp/evaluate.js';
import { createRng } from '../src/main/vrp/rng.js';
import { solveClassical } from '../src/main/vrp/solvers/classical.js';
import { solveRandom } from '../src/main/vrp/solvers/random.js';

const OUT = '.tmp/train/jampr-tw1-n20';
const SHIPPED = 'resources/models/jampr-tw1-n20';
const SIZE = 20;
const VALIDATION = { size: 128, seed: 4321 };
const [imitationMinutes, reinforceMinutes] = [Number(process.argv[2] ?? 60), Number(process.argv[3] ?? 240)];
const IMITATION_INSTANCES = 20_000;

await selectBackend();
const variant = makeVariant('tw1');
const validation = generatorSource(SIZE).draw(VALIDATION.size, createRng(VALIDATION.seed));
const meanCost = (plan: (i: number) => number[][]) =>
  validation.reduce((a, p, i) => a + evaluateIndexRoutes(p, plan(i), variant).cost, 0) / validation.length;
const random = meanCost((i) => solveRandom(validation[i], variant, { samples: 1000, seed: i }));
const classical = meanCost((i) => solveClassical(validation[i], variant, { timeLimitSec: 1, seed: i, maxIterations: 200 }));
const notes = `validation set (${VALIDATION.size} generated tw1 N=${SIZE}, seed ${VALIDATION.seed}): random(1000) mean cost ${random.toFixed(1)}, classical (1 s, 200 rounds) ${classical.toFixed(1)}`;
console.log(notes);

const log = (p: TrainProgress) =>
  console.log(JSON.stringify({ at: new Date().toISOString(), ...p, meanCost: Math.round(p.meanCost), baselineCost: Math.round(p.baselineCost), validationCost: p.validationCost && Math.round(p.validationCost) }));
/** Ships a checkpoint only when its validation cost is the best so far (REINFORCE can wander). */
const shipIfBest = async (card: ModelCard) => {
  const costs = card.validation.curve.map((p) => p.cost);
  if (costs.at(-1) !== Math.min(...costs)) return;
  await exportCheckpoint(OUT, SHIPPED, 'float16');
  console.log(`shipped: validation ${costs.at(-1)} after ${card.instancesTrained} instances`);
};
const common = { variant: 'tw1' as const, size: SIZE, outDir: OUT, seed: 20, validationSize: VALIDATION.size, validationSeed: VALIDATION.seed, checkpointEverySec: 300, notes, onProgress: log, name: 'jampr-tw1-n20',
  onCheckpoint: shipIfBest };

const resumed = existsSync(`${OUT}/model.json`) ? (await loadCheckpoint(OUT)).card : null;
if (!resumed || (resumed.recipe.name === 'imitation' && resumed.instancesTrained < IMITATION_INSTANCES)) {
  const r = await trainModel({
    ...common, fromDir: resumed ? OUT : undefined, minutes: imitationMinutes, maxInstances: IMITATION_INSTANCES,
    recipe: { name: 'imitation', batchSize: 32, epochSize: 1024, learningRate: 5e-4, expertSeconds: 0.1 },
  });
  console.log('imitation done', r.stoppedBy, JSON.stringify(r.card.validation.curve.at(-1)));
}
const r = await trainModel({
  ...common, fromDir: OUT, minutes: reinforceMinutes,
  recipe: { name: 'pomo-mean', batchSize: 8, epochSize: 512, samplesPerInstance: 8, learningRate: 1e-4 },
});
console.log('reinforce done', r.stoppedBy, JSON.stringify(r.card.validation.curve.at(-1)));
