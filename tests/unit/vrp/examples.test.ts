import { describe, expect, it } from 'vitest';
import { readInstanceFile } from '../../../src/main/vrp/io/index.js';

/** The files the README's examples plan must stay valid instances. */
describe('the README example files', () => {
  it('reads the example customer CSV with the fleet the README gives, clock times and names with spaces', () => {
    const day = readInstanceFile('data/examples/customers.csv', { capacity: 200, vehicles: 10 });
    expect(day).toMatchObject({ name: 'customers', capacity: 200, vehicles: 10, clockTimes: true });
    expect(day.depot).toMatchObject({ id: 'Depot', ready: 7 * 60 + 30, due: 17 * 60 + 30 });
    expect(day.customers).toHaveLength(12);
    expect(day.customers.map((c) => c.id)).toContain('Praxis Dr. Weber');
  });

  it('reads the example instance JSON', () => {
    const instance = readInstanceFile('data/examples/instance.json');
    expect(instance).toMatchObject({ name: 'generated-n20-seed7', capacity: 500, vehicles: 20 });
    expect(instance.customers).toHaveLength(20);
  });
});
