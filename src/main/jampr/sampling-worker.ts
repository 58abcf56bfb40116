/** A helper thread of best-of-S sampling (sampling-pool.ts): draws the chunks it is given with the model it is told. */
import { compileProblem, type Problem } from '../vrp/problem.js';
import { selectBackend } from './backend/backend.js';
import { type SampledPlan, sampleChunk } from './decode.js';
import { reset } from './env/env.js';
import type { EncodedRows, Policy } from './model/policy.js';
import { serveTasks } from './parallel.js';
import { withModel } from './policy-cache.js';
import { chunkSeed } from './sample-chunks.js';
import type { SampleTask } from './sampling-pool.js';

const ready = selectBackend({ log: () => {} });

/** The current call's instance and embeddings: the encoder runs once per call and helper, not once per chunk. */
let current: { call: string; policy: Policy; problem: Problem; encoded: EncodedRows } | null = null;

serveTasks<SampleTask, SampledPlan>(async (task) => {
  await ready;
  return withModel(task.modelDir, task.kind, ({ policy }) => {
    if (current?.call !== task.call || current.policy !== policy) {
      current?.encoded.dispose();
      // The instance was validated by the thread that asked.
      const problem = compileProblem(task.instance);
      current = { call: task.call, policy, problem, encoded: policy.encodeOnce(reset([problem], task.env), 1) };
    }
    return sampleChunk(policy, current.problem, task.env, current.encoded, chunkSeed(task.seed, task.index), task.size);
  });
});
