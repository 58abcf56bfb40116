import type { InfoResult, JobContext, Progress } from './protocol.js';

/** Which TensorFlow.js backend the worker runs on. Loads TensorFlow.js, so it is asked once and cached by main. */
export async function runInfoJob(_input: Record<string, never>, _ctx: JobContext<Progress>): Promise<InfoResult> {
  const tf = await import('@tensorflow/tfjs');
  await tf.ready();
  return { backend: tf.getBackend(), backendDetail: `tfjs ${tf.version.tfjs}` };
}
