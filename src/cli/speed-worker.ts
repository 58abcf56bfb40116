/** Worker thread for `jampr bench --speed`: runs one model workload per task (see speed-work.ts). */
import { selectBackend } from '../main/jampr/backend/backend.js';
import { serveTasks } from '../main/jampr/parallel.js';
import { sampleOnce } from './speed-work.js';

export type SpeedTask = { kind: 'sample'; seed: number };

const ready = selectBackend({ log: () => {} });

serveTasks<SpeedTask, number>(async (task) => {
  await ready;
  return sampleOnce(task.seed);
});
