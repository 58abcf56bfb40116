/** A helper thread of best-of-S sampling (sampling-pool.ts): draws the chunks it is given with the model it is told. */
import { compileProblem, type Problem } from '../vrp/problem.js';
import { selectBackend } from './backend/backend.js';
import { chunkSymmetry, placedShare, type SampledPlan, type SymmetricEncodings, sampleChunk, symmetricEncodings } from './decode.js';
import type { Policy } from './model/policy.js';
import { serveTasks } from './parallel.js';
import { withModel } from './policy-cache.js';
import { chunkSeed } from './sample-chunks.js';
import type { SampleTask } from './sampling-pool.js';

const ready = selectBackend({ log: () => {} });

/** The current call's instance and embeddings: the encoder runs once per call, helper and symmetry, not once per chunk. */
let current: { call: string; policy: Policy; problem: Problem; encodings: SymmetricEncodings } | null = null;

serveTasks<SampleTask, SampledPlan>(async (task, stop) => {
  await ready;
  return withModel(task.modelDir, task.kind, ({ policy }) => {
    if (current?.call !== task.call || current.policy !== policy) {
      current?.encodings.dispose();
      // The instance was validated by the thread that asked.
      const problem = compileProblem(task.instance);
      current = { call: task.call, policy, problem, encodings: symmetricEncodings(policy, problem, task.env) };
    }
    const { problem, encodings } = current;
    // A cancelled plan withdraws its chunks: one this helper is drawing stops at its next step. Its share done is
    // reported every step, so the plan's progress moves while the chunk is drawn here.
    const seed = chunkSeed(task.seed, task.index);
    return sampleChunk(policy, problem, task.env, encodings, seed, task.size, chunkSymmetry(task.index), stop, (state) =>
      stop.report(placedShare(state, task.size, problem.n)),
    );
  });
});
