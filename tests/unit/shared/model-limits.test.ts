import { describe, expect, it } from 'vitest';
import { serviceTimeNotice } from '../../../src/shared/model-limits.js';
import { generateInstances } from '../../../src/main/vrp/generate.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { createRng } from '../../../src/main/vrp/rng.js';

describe('serviceTimeNotice', () => {
  it('is silent on the days the models were trained on: the paper generator and city days', () => {
    for (const instance of generateInstances(20, 5, 3)) expect(serviceTimeNotice(instance)).toBeNull();
    for (let seed = 0; seed < 40; seed++) expect(serviceTimeNotice(generateCityDay(40, createRng(seed)))).toBeNull();
  });

  it('names the mean service time and its share of the shift on a day of long stops', () => {
    const day = generateCityDay(40, createRng(1));
    const shift = day.depot.due - day.depot.ready;
    const long = { ...day, customers: day.customers.map((c) => ({ ...c, service: 35 })) };
    expect(serviceTimeNotice(long)).toContain(`this day's stops take 35 min on average (${((100 * 35) / shift).toFixed(1)} % of the shift`);
    // Just under the line and just over it.
    const at = (share: number) => ({ ...day, customers: day.customers.map((c) => ({ ...c, service: share * shift })) });
    expect(serviceTimeNotice(at(0.029))).toBeNull();
    expect(serviceTimeNotice(at(0.031))).not.toBeNull();
  });
});
