/**
 * Does a step that makes the classical plans more likely make the greedy plan cheaper? For a shipped model and a few
 * city days: the imitation loss (teacher forcing on the classical solver's plans, BatchNorm frozen, as retraining and
 * the fine-tunes run it), its gradient's norm, the size of Adam's first step at the recipes' rate (every weight moves
 * by about the rate), and then the loss and the greedy cost (model frame) on the same days and on other days after
 * plain steps of a few sizes along the negative gradient.
 *   npx tsx bench/imitation-step.ts [--model jampr-tw1-n50] [--days 8] [--steps 0.003,0.01,0.03]
 */
import { parseArgs } from 'node:util';
import type * as tf from '@tensorflow/tfjs';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { greedyCosts, mean } from '../src/main/jampr/train/costs.js';
import { expertPlans, imitationLoss } from '../src/main/jampr/train/imitation.js';
import { FINE_TUNE_RECIPE } from '../src/main/jampr/train/recipe.js';
import { citySizesSource } from '../src/main/jampr/train/sources.js';
import { lossGradients, lossValue } from '../src/main/jampr/train/update.js';
import { makeVariant } from '../src/shared/domain.js';
import { createRng } from '../src/main/vrp/rng.js';

const { values: args } = parseArgs({
  options: {
    model: { type: 'string', default: 'jampr-tw1-n50' },
    days: { type: 'string', default: '8' },
    steps: { type: 'string', default: '0.003,0.01,0.03' },
  },
});
await selectBackend();
const { policy, card } = await loadCheckpoint(`resources/models/${args.model}`);
const env = jamprEnvConfig(makeVariant(card.variant), card.size, card.env);
const days = citySizesSource(40, 60).draw(Number(args.days), createRng(77));
const others = citySizesSource(40, 60).draw(16, createRng(78));
const expert = expertPlans(days, { env, expertSeconds: 0.3, maxGradNorm: 1, frozenNorm: true }, createRng(5));

const loss = imitationLoss(policy, expert.problems, expert.plans, env, true);
const lossNow = () => lossValue(loss);
const greedy = () =>
  `greedy ${mean(greedyCosts(policy, expert.problems, env)).toFixed(1)} (these days), ${mean(greedyCosts(policy, others, env)).toFixed(1)} (16 others)`;

const { loss: start, grads } = lossGradients(policy, loss);
const params = [...policy.params.trainable];
const origin = new Map(params.map(([name, v]) => [name, v.clone()]));
let squares = 0;
let moving = 0;
for (const g of grads.values()) {
  const values = g.dataSync();
  for (let i = 0; i < values.length; i++) {
    squares += values[i] * values[i];
    if (values[i] !== 0) moving++;
  }
}
const norm = Math.sqrt(squares);
const rate = FINE_TUNE_RECIPE.learningRate;
console.log(`${args.model}: ${expert.problems.length} city days of 40–60 stops, classical plans ${mean(expert.costs).toFixed(1)}`);
console.log(
  `loss ${start.toFixed(4)} per decision, gradient norm ${norm.toFixed(3)}; Adam's first step at ${rate} moves ${moving} weights, norm ~${(rate * Math.sqrt(moving)).toFixed(4)}`,
);
console.log(`step 0: ${greedy()}`);
for (const size of String(args.steps).split(',').map(Number)) {
  for (const [name, v] of params) {
    const g = grads.get(name);
    v.assign(g ? (origin.get(name) as tf.Tensor).sub(g.mul(size / norm)) : (origin.get(name) as tf.Tensor));
  }
  policy.params.touch();
  console.log(`step ${size} along −g: loss ${lossNow().toFixed(4)}, ${greedy()}`);
}
