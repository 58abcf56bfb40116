/**
 * A training thread (parallel-step.ts): holds a copy of the model, takes the step's weights from each request
 * and answers with its shard's gradient. Requests carry everything they need, so a replaced worker (the pool
 * restarts one that died) or a new model configuration needs no set-up message.
 */
import { openCpuArrayPool } from '../backend/array-pool.js';
import { selectBackend } from '../backend/backend.js';
import { Policy } from '../model/policy.js';
import { serveTasks } from '../parallel.js';
import { TRAIN_ARRAY_POOL_BYTES } from './parallel-step.js';
import { computeShard, loadValues, type ShardRequest, type ShardResult } from './shard.js';

const ready = selectBackend({ log: () => {} }).then(() => openCpuArrayPool(TRAIN_ARRAY_POOL_BYTES));
let model: { key: string; policy: Policy } | null = null;

serveTasks<ShardRequest, ShardResult>(async ({ config, values, ...request }) => {
  await ready;
  const key = JSON.stringify(config);
  if (model?.key !== key) {
    model?.policy.dispose();
    model = { key, policy: new Policy(config) };
  }
  loadValues(model.policy, values);
  return computeShard(model.policy, request);
});
