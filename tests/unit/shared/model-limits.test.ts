import { describe, expect, it } from 'vitest';
import { formatClock } from '../../../src/shared/clock.js';
import { type Evaluation, makeVariant } from '../../../src/shared/domain.js';
import {
  modelSpeedNotice,
  learnedSpeedNotice,
  methodSpeedNotice,
  priceNotice,
  samplingSpeedNotice,
  serviceTimeNotice,
  spreadNotice,
} from '../../../src/shared/model-limits.js';
import { generateInstances } from '../../../src/main/vrp/generate.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';

describe('serviceTimeNotice', () => {
  it('is silent on the days the models were trained on: the paper generator and city days', () => {
    for (const instance of generateInstances(20, 5, 3)) expect(serviceTimeNotice(instance)).toBeNull();
    for (let seed = 0; seed < 40; seed++) expect(serviceTimeNotice(generateCityDay(40, createRng(seed)))).toBeNull();
  });

  it('names the mean service time and its share of the shift on a day of long stops', () => {
    const day = generateCityDay(40, createRng(1));
    const shift = day.depot.due - day.depot.ready;
    const long = { ...day, customers: day.customers.map((c) => ({ ...c, service: 35 })) };
    expect(serviceTimeNotice(long)).toContain(`This day's stops take 35 min on average (${((100 * 35) / shift).toFixed(1)} % of the shift`);
    // Just under the line and just over it.
    const at = (share: number) => ({ ...day, customers: day.customers.map((c) => ({ ...c, service: share * shift })) });
    expect(serviceTimeNotice(at(0.029))).toBeNull();
    expect(serviceTimeNotice(at(0.031))).not.toBeNull();
  });
});

describe('priceNotice', () => {
  it("is silent on a policy's standard prices and names them where others are set", () => {
    for (const name of ['tw1', 'tw2', 'tw3'] as const) expect(priceNotice(makeVariant(name))).toBeNull();
    expect(priceNotice(makeVariant('tw3', { penalty: 'quadratic' }))).toMatch(
      /^The learned models were trained on this policy's standard prices \(α 0\.1, β 0\.5, linear penalties\): their plans do not weigh/,
    );
    expect(priceNotice(makeVariant('tw1', { alpha: 2 }))).toContain('(α 1, linear penalties)');
    expect(priceNotice(makeVariant('tw2', { beta: 0.9 }))).not.toBeNull();
  });
});

describe('spreadNotice', () => {
  const day = { ...generateCityDay(40, createRng(2)), vehicles: 4 };
  const { ready, due } = day.depot;
  const shift = due - ready;
  /** Routes back at `returns`, the first one late by `late` in all, every leg short. */
  const plan = (late: number, ...returns: number[]) => ({
    routes: returns.map((returnTime, i) => ({
      customers: 5,
      returnTime,
      late: i === 0 ? late : 0,
      stops: [],
    })) as unknown as Evaluation['routes'],
  });

  it('says so where a route runs on half a shift past its end, or the customers are a shift late in all, while a vehicle is idle or back early', () => {
    const back = due + 0.6 * shift;
    expect(spreadNotice(day, plan(0, back, due - 0.3 * shift, due, due))).toBe(
      `This plan has a route back at the depot at ${formatClock(back)}, long after the shift ends at ${formatClock(due)}, while a route is back at ${formatClock(due - 0.3 * shift)}: the learned model spread this day's work badly over the fleet; JAMPR + local search or the classical solver plan it far better.`,
    );
    expect(spreadNotice(day, plan(0, back, due, due))).toContain('while 1 vehicle is not used');
    expect(spreadNotice(day, plan(20 * 60 + shift, due + 60, due, due))).toMatch(
      /^This plan serves its customers \d+ hours late in all, while 1 vehicle is not used/,
    );
  });

  it('is silent where every route keeps near the shift, or every vehicle works until late with less than a shift late in all', () => {
    expect(spreadNotice(day, plan(shift / 2, due + 0.4 * shift, ready + 60, due, due))).toBeNull();
    expect(spreadNotice(day, plan(shift / 2, due + 0.6 * shift, due + shift, due - 0.2 * shift, due))).toBeNull();
  });

  it('does not blame the model for a route to a stop more than a shift away, which every plan drives', () => {
    const far = { arrival: ready + 2 * shift, departure: ready + 2 * shift + 10 };
    const stray = { customers: 1, returnTime: ready + 4 * shift, late: 2 * shift, stops: [far] };
    const withStray = (p: ReturnType<typeof plan>) => ({ routes: [stray, ...p.routes] as unknown as Evaluation['routes'] });
    // Beside an idle vehicle, where the stray route would otherwise read as work spread badly.
    expect(spreadNotice(day, withStray(plan(0, due, due)))).toBeNull();
    // The other routes are still judged: one of them back long after the shift beside an idle vehicle.
    expect(spreadNotice(day, withStray(plan(0, due + 0.6 * shift, due)))).toContain('while 1 vehicle is not used');
  });

  it('writes the times of a night shift past midnight with their day, as the rest of the app does (06:00+1)', () => {
    // A depot open 22:00–06:00 closes the next morning: the import stores its end with its day.
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,22:00,06:00,0', '1,3,4,1,23:00,05:00,5'].join('\n');
    const { instance } = parseCustomerCsv(text, { name: 'night', capacity: 10, vehicles: 3 });
    const end = instance.depot.due;
    expect(formatClock(end)).toBe('06:00+1');
    expect(spreadNotice(instance, plan(0, end + 5 * 60, end - 6 * 60))).toBe(
      "This plan has a route back at the depot at 11:00+1, long after the shift ends at 06:00+1, while 1 vehicle is not used: the learned model spread this day's work badly over the fleet; JAMPR + local search or the classical solver plan it far better.",
    );
    expect(spreadNotice(instance, plan(0, end + 5 * 60, end - 6 * 60, end))).toContain('while a route is back at 00:00+1');
  });

  it('names both possible causes where every vehicle works until late and the customers are more than a shift late in all', () => {
    expect(spreadNotice(day, plan(10 * shift, due + 0.6 * shift, due + shift, due - 0.2 * shift, due))).toBe(
      `This plan serves its customers ${Math.round((10 * shift) / 60)} hours late in all with every vehicle busy: the fleet may be too small for these windows, or the learned model ordered the day badly; JAMPR + local search or the classical solver show which.`,
    );
  });
});

describe('samplingSpeedNotice', () => {
  it("tells that sampling takes minutes where the plans times the stops' square is large, and not for the app's default on city days", () => {
    expect(samplingSpeedNotice(128, 150)).toBeNull();
    expect(samplingSpeedNotice(1280, 200)).toBe(
      'Sampling 1280 plans of 200 stops takes minutes, not seconds (each plan places every stop); fewer samples, JAMPR greedy or JAMPR + local search answer sooner. You can cancel it.',
    );
    expect(methodSpeedNotice('jampr-sample', day(200), 1280)).toBe(samplingSpeedNotice(1280, 200));
    expect(methodSpeedNotice('jampr-greedy', day(200), 1280)).toBeNull();
    expect(methodSpeedNotice('classical', day(200), 1280)).toBeNull();
    // From 400 stops the size notice says more, for any learned method.
    expect(methodSpeedNotice('jampr-sample', day(500), 1280)).toMatch(/^A learned model places one stop at a time/);
  });

  it('counts the customers the model plans: an order bigger than a vehicle is left out of every plan', () => {
    // 640 plans of 100 stops take minutes; of 99 stops and one order no vehicle carries, the model samples 99.
    expect(learnedSpeedNotice(day(100), 640)).toBe(samplingSpeedNotice(640, 100));
    expect(learnedSpeedNotice(day(100, 1), 640)).toBeNull();
    expect(methodSpeedNotice('jampr-sample', day(100, 1), 640)).toBeNull();
    // Likewise the size notice: 400 stops but 2 too big for a vehicle plan as 398.
    expect(learnedSpeedNotice(day(400))).toMatch(/^A learned model places one stop at a time: on a day of 400 stops/);
    expect(learnedSpeedNotice(day(400, 2))).toBeNull();
  });
});

/** A generated day of `n` customers, the first `tooBig` of them ordering twice what a vehicle carries. */
function day(n: number, tooBig = 0) {
  const instance = generateInstances(n, 1, 7)[0];
  return { ...instance, customers: instance.customers.map((c, i) => (i < tooBig ? { ...c, demand: 2 * instance.capacity } : c)) };
}

describe('modelSpeedNotice', () => {
  it("says a day beyond the models' size as one sentence, capitalised once", () => {
    expect(modelSpeedNotice(1001)).toMatch(/^The learned models plan at most 1000 customers .*classical solver\.$/);
    expect(modelSpeedNotice(1001)).not.toMatch(/The the/i);
  });
});
