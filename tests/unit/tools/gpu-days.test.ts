import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { fromFloat16 } from '../../../src/main/jampr/float16.js';
import { FRAME_SHIFT, modelFrame } from '../../../src/main/jampr/frame.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { frameRows, NODE_FIELDS, parseBuckets, writeTrainingDays } from '../../../tools/gpu-train/days.js';

// The GPU trainer (tools/gpu-train/train.py) sees days only through these files: what it reads must be the model frame.

let dir = '';
/** A file's own bytes (a small Buffer can sit at an offset inside Node's shared pool). */
const bytesOf = (path: string): ArrayBuffer => {
  const b = readFileSync(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('training days are written in the model frame, with each day its fleet and capacity', () => {
  dir = mkdtempSync(join(tmpdir(), 'gpu-days-'));
  writeTrainingDays(dir, parseBuckets('paper:6,city:9'), 3, 5);
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  expect(index.fields).toEqual([...NODE_FIELDS]);
  expect(index.buckets.map((b: { file: string }) => b.file)).toEqual(['paper-n6', 'city-n9']);
  for (const { file, n } of index.buckets as { file: string; n: number }[]) {
    const nodes = fromFloat16(new Uint16Array(bytesOf(join(dir, `${file}.f16`))));
    const meta = new Float32Array(bytesOf(join(dir, `${file}.meta`)));
    expect(nodes.length).toBe(3 * (n + 1) * NODE_FIELDS.length);
    for (let c = 0; c < 3; c++) {
      const [fleet, capacity] = [meta[2 * c], meta[2 * c + 1]];
      expect(Number.isInteger(fleet) && fleet >= 1).toBe(true);
      expect(capacity).toBeGreaterThan(0);
      const row = (i: number, field: number) => nodes[(c * (n + 1) + i) * NODE_FIELDS.length + field];
      // The depot opens at 0 and closes at the frame's shift; every window lies inside it.
      expect(row(0, 3)).toBe(0);
      expect(row(0, 4)).toBeCloseTo(FRAME_SHIFT, 0);
      for (let i = 1; i <= n; i++) {
        expect(row(i, 3)).toBeLessThanOrEqual(row(i, 4));
        expect(row(i, 4)).toBeLessThanOrEqual(FRAME_SHIFT + 0.5);
        expect(row(i, 2)).toBeGreaterThan(0);
      }
    }
  }
});

test('a lat/lon day becomes planar frame units in which distance is travel time', () => {
  const p = buildProblem(generateCityDay(12, createRng(3)));
  const rows = frameRows(p);
  const f = modelFrame(p);
  const at = (i: number) => [rows[i * NODE_FIELDS.length], rows[i * NODE_FIELDS.length + 1]];
  for (const [i, j] of [
    [0, 5],
    [3, 11],
  ]) {
    const [a, b] = [at(i), at(j)];
    const planar = Math.hypot(a[0] - b[0], a[1] - b[1]);
    // The port computes travel this way (tools/gpu-train/jampr_torch.py, Days): within 0.1 % of the haversine minutes.
    expect(Math.abs(planar - p.travel[i * (p.n + 1) + j] * f.scale)).toBeLessThan(1e-3 * planar + 1e-6);
  }
  expect(rows[5 * NODE_FIELDS.length + 5]).toBeCloseTo(p.service[5] * f.scale, 4);
});

test('a bucket is the generator or a kind of city day at a size; anything else is refused by name', () => {
  expect(parseBuckets('paper:50,city:35,ample:50,vans:100')).toEqual([
    { kind: 'paper', n: 50 },
    { kind: 'city', n: 35 },
    { kind: 'ample', n: 50 },
    { kind: 'vans', n: 100 },
  ]);
  expect(() => parseBuckets('paper:50,town:20')).toThrow(/bucket "town:20".*paper, city, ample, vans/);
  expect(() => parseBuckets('city:0')).toThrow(/positive whole number/);
});
