/**
 * The trainer's phase just before its first step (train.ts), read by `jampr train` (cli/train-thread.ts): from then on a
 * Ctrl-C saves what was trained, before it nothing is written. Apart from train.ts so that the CLI's main thread can
 * read it without loading TensorFlow.js.
 */
export const FIRST_STEP_PHASE = 'taking the first training step';
