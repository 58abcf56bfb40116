import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../src/shared/domain.js';
import { matchesFilter, nextSort, sortedIds } from '../../../src/renderer/panels/customer-order.js';

const stop = (id: string, name?: string, address?: string, ready = 0): Customer => ({
  id,
  x: 0,
  y: 0,
  demand: 1,
  ready,
  due: 600,
  service: 5,
  ...(name ? { name } : {}),
  ...(address ? { address } : {}),
});

const customers: Customer[] = [
  stop('S10', 'kiosk Nord', 'Hauptstraße 4, Berlin', 300),
  stop('S2', 'Bakery Moll', 'Torstraße 12, Berlin', 100),
  stop('S3', undefined, undefined, 200),
  stop('S1', 'Apotheke am Markt', 'Marktplatz 1, Potsdam', 400),
];
const none = new Map<string, number>();

describe('the customer table: filter and sort', () => {
  it('shows the customers whose id, name or address contains the typed text, whatever its case; a blank filter shows all', () => {
    const shown = (typed: string) => customers.filter((c) => matchesFilter(c, typed)).map((c) => c.id);
    expect(shown('berlin')).toEqual(['S10', 'S2']);
    expect(shown('BAKERY')).toEqual(['S2']);
    expect(shown('s1')).toEqual(['S10', 'S1']);
    expect(shown('potsdam ')).toEqual(['S1']);
    expect(shown('nowhere')).toEqual([]);
    expect(shown('  ')).toEqual(['S10', 'S2', 'S3', 'S1']);
  });

  it('sorts by name whatever its case, customers without one last either way round', () => {
    expect(sortedIds(customers, { key: 'name', dir: 1 }, none, none)).toEqual(['S1', 'S2', 'S10', 'S3']);
    expect(sortedIds(customers, { key: 'name', dir: -1 }, none, none)).toEqual(['S10', 'S2', 'S1', 'S3']);
  });

  it('sorts ids as a dispatcher counts them and times by value, and leaves the stored order alone', () => {
    const stored = customers.map((c) => c.id);
    expect(sortedIds(customers, { key: 'id', dir: 1 }, none, none)).toEqual(['S1', 'S2', 'S3', 'S10']);
    expect(sortedIds(customers, { key: 'ready', dir: -1 }, none, none)).toEqual(['S1', 'S10', 'S3', 'S2']);
    expect(customers.map((c) => c.id)).toEqual(stored);
  });

  it("sorts by route, each route's stops in the order they are driven, customers on none last", () => {
    const routeOf = new Map([
      ['S3', 0],
      ['S1', 0],
      ['S2', 1],
    ]);
    const driven = new Map([
      ['S3', 0],
      ['S1', 1],
      ['S2', 2],
    ]);
    expect(sortedIds(customers, { key: 'route', dir: 1 }, routeOf, driven)).toEqual(['S3', 'S1', 'S2', 'S10']);
    expect(sortedIds(customers, { key: 'route', dir: -1 }, routeOf, driven)).toEqual(['S10', 'S2', 'S3', 'S1']);
  });

  it('a heading sorts by its column, then the reverse; the id column goes on by name, then back to the ids', () => {
    const clicks = (key: 'id' | 'ready', then: 'name' | undefined, n: number) => {
      let sort = { key: 'route' as const, dir: 1 as const } as Parameters<typeof nextSort>[0];
      const seen: string[] = [];
      for (let i = 0; i < n; i++) {
        sort = nextSort(sort, key, then);
        seen.push(`${sort.key}${sort.dir === 1 ? '▴' : '▾'}`);
      }
      return seen;
    };
    expect(clicks('id', 'name', 5)).toEqual(['id▴', 'id▾', 'name▴', 'name▾', 'id▴']);
    expect(clicks('id', undefined, 3)).toEqual(['id▴', 'id▾', 'id▴']);
    expect(clicks('ready', undefined, 3)).toEqual(['ready▴', 'ready▾', 'ready▴']);
  });
});
