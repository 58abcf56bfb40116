import type { InfoResult, JobContext, Progress } from './protocol.js';

/** Which TensorFlow.js backend the worker runs on (chosen once per thread). Main asks once and caches it. */
export async function runInfoJob(_input: Record<string, never>, _ctx: JobContext<Progress>): Promise<InfoResult> {
  // Loaded when asked: a worker that only plans with the classical solver (jampr plan's) never loads TensorFlow.js.
  const { selectBackend } = await import('../jampr/backend/backend.js');
  const backend = await selectBackend();
  return { backend: backend.name, backendDetail: backend.detail };
}
