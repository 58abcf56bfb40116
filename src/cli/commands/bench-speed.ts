import { availableParallelism, cpus, loadavg } from 'node:os';
import { selectBackend } from '../../main/jampr/backend/backend.js';
import { planWithModel } from '../../main/jampr/planner.js';
import { classicalGap, type GapRow } from '../homberger.js';
import { SPEED_VARIANT, speedInstances } from '../speed-work.js';
import { sampleRate } from '../sample-rate.js';
import { trainRate } from '../train-rate.js';

export interface SpeedOptions {
  /** 1,000-customer instances for classicalN1000Gap and seconds per instance. */
  gapInstances: string[];
  gapSeconds: number;
  /** The N=20 model the sampling and training rates use. */
  modelDir: string;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** Greedy decoding, batch 1, ms per instance (as the app plans one instance), after one warm-up plan. */
async function greedyMs(n: number, count: number): Promise<number> {
  const problems = speedInstances(n, count + 1);
  await planWithModel(problems[0], SPEED_VARIANT, { method: 'jampr', decode: 'greedy' });
  const started = performance.now();
  for (const p of problems.slice(1)) await planWithModel(p, SPEED_VARIANT, { method: 'jampr', decode: 'greedy' });
  return (performance.now() - started) / count;
}

/**
 * `jampr bench --speed`: one JSON object with the model and solver speed figures of this machine. Run on a thread of
 * its own (speed-thread.ts); `measuring` hears the name of each figure before it is measured.
 */
export async function speedBench(options: SpeedOptions, measuring: (figure: string) => void = () => {}): Promise<Record<string, unknown>> {
  const loadAtStart = loadavg()[0];
  /** The figure, after saying that it is under way. */
  const measure = <T>(figure: string, work: () => Promise<T>): Promise<T> => {
    measuring(figure);
    return work();
  };
  await selectBackend({ log: () => {} });
  const greedyMsN20 = await measure('greedyMsN20', () => greedyMs(20, 10));
  const greedyMsN50 = await measure('greedyMsN50', () => greedyMs(50, 10));
  // The app's sampling of one instance on 1 and 2 threads (chunks drawn by this thread and a helper).
  const sampleRate1 = await measure('sampleRate1', () => sampleRate(1, 6));
  const sampleRate2 = await measure('sampleRate2', () => sampleRate(2, 6));
  // The trainer's own steps on 1 and 2 threads (the batch split over the threads, one combined update).
  const trainRate1 = await measure('trainRate1', () => trainRate(options.modelDir, 1, 6));
  const trainRate2 = await measure('trainRate2', () => trainRate(options.modelDir, 2, 6));
  const gaps: GapRow[] = [];
  for (const name of options.gapInstances)
    gaps.push(await measure(`classicalN1000Gap (${name})`, () => classicalGap(name, options.gapSeconds)));
  const mean = (f: (g: GapRow) => number) => round(gaps.reduce((s, g) => s + f(g), 0) / Math.max(1, gaps.length), 2);
  return {
    greedyMsN20: round(greedyMsN20, 1),
    greedyMsN50: round(greedyMsN50, 1),
    sampleRate1: round(sampleRate1.wall, 1),
    sampleRate2: round(sampleRate2.wall, 1),
    trainRate1: round(trainRate1.wall, 2),
    trainRate2: round(trainRate2.wall, 2),
    classicalN1000Gap: mean((g) => g.truncatedGap),
    classicalN1000GapUnrounded: mean((g) => g.gap),
    classicalN1000: gaps.map((g) => ({ name: g.name, gap: round(g.truncatedGap, 2), vehicles: g.vehicles, feasible: g.feasible })),
    classicalSeconds: options.gapSeconds,
    perCpuSecond: {
      sampleRate1: round(sampleRate1.cpu, 1),
      sampleRate2: round(sampleRate2.cpu, 1),
      trainRate1: round(trainRate1.cpu, 2),
      trainRate2: round(trainRate2.cpu, 2),
    },
    threads: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    loadAverage: [round(loadAtStart, 1), round(loadavg()[0], 1)],
    date: new Date().toISOString(),
  };
}
