import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toFloat16 } from '../../src/main/jampr/float16.js';
import { modelFrame } from '../../src/main/jampr/frame.js';
import { CITY_DAY_KINDS, type CityDayKind, cityDaySource, generatorSource } from '../../src/main/jampr/train/sources.js';
import type { Problem } from '../../src/main/vrp/problem.js';
import { createRng } from '../../src/main/vrp/rng.js';

/**
 * Training days for train.py in the model frame (src/main/jampr/frame.ts), one pair of files per bucket:
 * <kind>-n<N>.f16 float16 [count, N+1, 6] = NODE_FIELDS in frame units (demand raw, exact in float16 below 2048),
 * <kind>-n<N>.meta float32 [count, 2] = (fleet K, capacity Q), and index.json listing them.
 */
export const NODE_FIELDS = ['x', 'y', 'demand', 'ready', 'due', 'service'] as const;

/** One day's node rows in the frame: what the port reads instead of the user's units. */
export function frameRows(p: Problem): Float32Array {
  const f = modelFrame(p);
  const width = NODE_FIELDS.length;
  const out = new Float32Array((p.n + 1) * width);
  for (let i = 0; i <= p.n; i++) out.set([f.x[i], f.y[i], p.demand[i], f.ready[i], f.due[i], p.service[i] * f.scale], i * width);
  return out;
}

export interface Bucket {
  /** The paper's generator, or a kind of city day (train/sources.ts CITY_DAY_KINDS: city, ample, vans, long). */
  kind: 'paper' | CityDayKind;
  n: number;
}

const KINDS = ['paper', ...Object.keys(CITY_DAY_KINDS)];

/** "paper:50,city:35,vans:100" -> buckets; anything else is refused by name. */
export function parseBuckets(text: string): Bucket[] {
  return text.split(',').map((part) => {
    const [kind, size] = part.split(':');
    const n = Number(size);
    if (!KINDS.includes(kind) || !Number.isInteger(n) || n < 1) {
      throw new Error(`bucket "${part}": expected KIND:N with KIND one of ${KINDS.join(', ')} and N a positive whole number`);
    }
    return { kind: kind as Bucket['kind'], n };
  });
}

export function writeTrainingDays(out: string, buckets: readonly Bucket[], count: number, seed: number): void {
  mkdirSync(out, { recursive: true });
  const width = NODE_FIELDS.length;
  const index = buckets.map(({ kind, n }, b) => {
    const source = kind === 'paper' ? generatorSource(n) : cityDaySource(n, kind);
    const rng = createRng(seed * 1000 + b);
    const nodes = new Float32Array(count * (n + 1) * width);
    const meta = new Float32Array(count * 2);
    for (let c = 0; c < count; c++) {
      const [p] = source.draw(1, rng);
      nodes.set(frameRows(p), c * (n + 1) * width);
      meta.set([p.vehicles, p.capacity], c * 2);
    }
    const file = `${kind}-n${n}`;
    writeFileSync(join(out, `${file}.f16`), toFloat16(nodes));
    writeFileSync(join(out, `${file}.meta`), meta);
    return { file, kind, n, count };
  });
  writeFileSync(join(out, 'index.json'), `${JSON.stringify({ fields: NODE_FIELDS, buckets: index }, null, 1)}\n`);
}
