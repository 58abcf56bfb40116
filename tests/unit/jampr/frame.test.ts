import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../src/shared/domain.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { loadCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { decodeGreedy } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset } from '../../../src/main/jampr/env/env.js';
import { FRAME_CENTRE, modelFrame } from '../../../src/main/jampr/frame.js';
import { nodeFeatureCount } from '../../../src/main/jampr/model/config.js';
import { nodeFeatures, unusedVehicleFeatures } from '../../../src/main/jampr/model/inputs.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import type { Problem } from '../../../src/main/vrp/problem.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { wrapLongitude } from '../../../src/shared/longitude.js';
import { setPairBias } from '../../../src/main/jampr/train/pair-search.js';
import { tinyModelConfig } from './fixtures.js';

const features = (p: Problem) => {
  const config = tinyModelConfig();
  const out = new Float32Array((p.n + 1) * nodeFeatureCount(config));
  nodeFeatures(p, config, 0, out, 0);
  return Array.from(out);
};
const tw1 = makeVariant('tw1');
const greedy = (policy: Policy, p: Problem) => decodeGreedy(policy, [p], jamprEnvConfig(tw1, p.n))[0];

/** Every clock time moved by `minutes` (the depot's shift too). */
const shiftClock = (inst: Instance, minutes: number): Instance => ({
  ...inst,
  depot: { ...inst.depot, ready: inst.depot.ready + minutes, due: inst.depot.due + minutes },
  customers: inst.customers.map((c) => ({ ...c, ready: c.ready + minutes, due: c.due + minutes })),
});
const translate = (inst: Instance, dx: number, dy: number): Instance => ({
  ...inst,
  depot: { ...inst.depot, x: inst.depot.x + dx, y: inst.depot.y + dy },
  customers: inst.customers.map((c) => ({ ...c, x: c.x + dx, y: c.y + dy })),
});

describe('the model frame', () => {
  const day = generateInstance(12, createRng(5), 'day');
  const policy = new Policy(tinyModelConfig(), 3);
  // The pair bias reads travel and times too (pair-features.ts): with weights on, it is part of what must not move.
  setPairBias(policy, [-3, -1, -2, 0.5, 1, -0.5, 0.3, -0.2]);

  it('gives the same inputs and the same greedy plan when every clock time moves', () => {
    const moved = buildProblem(shiftClock(day, 480));
    const p = buildProblem(day);
    expect(features(moved)).toEqual(features(p));
    const [a, b] = [reset([p], jamprEnvConfig(tw1, 12)), reset([moved], jamprEnvConfig(tw1, 12))];
    expect(unusedVehicleFeatures(b, policy.config, () => 0)).toEqual(unusedVehicleFeatures(a, policy.config, () => 0));
    expect(greedy(policy, moved)).toEqual(greedy(policy, p));
  });

  it('gives the same inputs and the same greedy plan when the map is translated', () => {
    const moved = buildProblem(translate(day, 370, -45));
    const p = buildProblem(day);
    expect(features(moved).map((v) => v.toFixed(5))).toEqual(features(p).map((v) => v.toFixed(5)));
    expect(greedy(policy, moved)).toEqual(greedy(policy, p));
  });

  it('scales time and distance alike: a shift of 12 h becomes 1000 units and so does 12 h of driving', () => {
    const city = buildProblem(generateCityDay(30, createRng(8)));
    const f = modelFrame(city);
    const shift = city.due[0] - city.ready[0];
    expect(f.scale).toBeCloseTo(1000 / shift, 12);
    expect(f.ready[0]).toBe(0);
    expect(f.due[0]).toBeCloseTo(1000, 9);
    // Frame distances are travel minutes times the scale, up to the flat projection of a city-sized area.
    const nodes = city.n + 1;
    for (const [i, j] of [
      [0, 5],
      [3, 17],
      [11, 29],
    ]) {
      const frameDistance = Math.hypot(f.x[i] - f.x[j], f.y[i] - f.y[j]);
      expect(frameDistance / (city.travel[i * nodes + j] * f.scale)).toBeCloseTo(1, 3);
    }
    // The stops' bounding box is centred on the middle of the paper's square.
    const mid = (v: Float64Array) => (Math.min(...v) + Math.max(...v)) / 2;
    expect(mid(f.x)).toBeCloseTo(FRAME_CENTRE, 9);
    expect(mid(f.y)).toBeCloseTo(FRAME_CENTRE, 9);
  });

  it('keeps a lat/lon day across the antimeridian in one piece: the same inputs and plan as the day moved away from it', () => {
    const geo = generateCityDay(14, createRng(21), 'geo');
    /** The day moved east-west so that its depot sits at `lon`, longitudes written in [−180°, 180°]. */
    const atLongitude = (lon: number): Instance => {
      const dx = lon - geo.depot.x;
      const moved = translate(geo, dx, 0);
      return {
        ...moved,
        depot: { ...moved.depot, x: wrapLongitude(moved.depot.x) },
        customers: moved.customers.map((c) => ({ ...c, x: wrapLongitude(c.x) })),
      };
    };
    const across = atLongitude(179.99);
    expect(across.customers.some((c) => c.x < 0) && across.customers.some((c) => c.x > 0)).toBe(true);
    const [p, q] = [buildProblem(across), buildProblem(atLongitude(170))];
    expect(features(p).map((v) => v.toFixed(4))).toEqual(features(q).map((v) => v.toFixed(4)));
    expect(greedy(policy, p)).toEqual(greedy(policy, q));
  });

  it('plans a lat/lon day and its projected planar twin alike with the shipped model', async () => {
    const geo = generateCityDay(14, createRng(21), 'geo');
    const p = buildProblem(geo);
    const f = modelFrame(p);
    // The twin: planar coordinates in travel minutes (undo the frame's scale), times as they are.
    const back = (v: number) => (v - FRAME_CENTRE) / f.scale;
    const twin = buildProblem({
      ...geo,
      coordinates: { kind: 'planar' },
      depot: { ...geo.depot, x: back(f.x[0]), y: back(f.y[0]) },
      customers: geo.customers.map((c, i) => ({ ...c, x: back(f.x[i + 1]), y: back(f.y[i + 1]) })),
    });
    const { policy: shipped } = await loadCheckpoint('resources/models/jampr-tw1-n20');
    try {
      const plan = greedy(shipped, p);
      expect(plan.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
      expect(greedy(shipped, twin)).toEqual(plan);
    } finally {
      shipped.dispose();
    }
  });
});
