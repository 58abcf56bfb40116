/**
 * A customer file written longitude first throughout, the depot's row too, every number within ±90°: nothing in the
 * file tells it, but the days stored before do, and the import's preview says so first. Real services, a real SQLite
 * file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './fixtures/services.js';

type Row = [id: string, lat: number, lon: number];

/** A lat/lon day's file, its depot first, as written: `swap` writes each position longitude first under the same header. */
const dayCsv = (rows: Row[], swap = false) =>
  [
    'type,id,lat,lon,demand,ready,due,service',
    ...rows.map(([id, lat, lon], i) =>
      [i === 0 ? 'depot' : 'customer', id, ...(swap ? [lon, lat] : [lat, lon]), i === 0 ? 0 : 1, '08:00', '18:00', i === 0 ? 0 : 5].join(
        ',',
      ),
    ),
  ].join('\n');

const HAMBURG: Row[] = [
  ['D', 53.5511, 9.9937],
  ['K1', 53.5503, 9.9352],
  ['K2', 53.5753, 10.0153],
  ['K3', 53.49, 10.1],
];
const MADRID: Row[] = [
  ['D', 40.4168, -3.7038],
  ['M1', 40.43, -3.69],
];
const fleet = { vehicles: 2, capacity: 10, speedKmh: 30 };
const LON_FIRST =
  /^the file's depot D lies at 9\.9937, 53\.5511, \d+ km from the depot of every lat\/lon day stored, where the other way round, 53\.5511, 9\.9937, it lies at the depot of “monday”: the file looks written longitude first, its stops too; if so, swap the names lat and lon in its header and import again$/;

let app: TestApp;
beforeAll(() => {
  app = createTestApp();
});
afterAll(() => app.close());

describe('a file written longitude first throughout', () => {
  it('is read as written where no lat/lon day is stored: nothing tells it', async () => {
    const preview = await app.call('instances:previewCsv', { fileName: 'tuesday.csv', text: dayCsv(HAMBURG, true), ...fleet });
    expect(preview.instance.depot).toMatchObject({ x: 53.5511, y: 9.9937 });
    expect(preview.warnings.filter((w) => w.includes('longitude first'))).toEqual([]);
  });

  it("is told, first, beside a stored day whose depot is the file's read the other way round", async () => {
    await app.call('instances:importCsv', { fileName: 'monday.csv', text: dayCsv(HAMBURG), ...fleet });
    const preview = await app.call('instances:previewCsv', { fileName: 'tuesday.csv', text: dayCsv(HAMBURG, true), ...fleet });
    expect(preview.warnings[0]).toMatch(LON_FIRST);
    // Nothing is changed: the dispatcher swaps the header's names, or imports a day that is meant there.
    expect(preview.instance.depot).toMatchObject({ x: 53.5511, y: 9.9937 });
  });

  it('is not told of a file written latitude first, nor of a day far away both ways round', async () => {
    for (const rows of [HAMBURG, MADRID]) {
      const preview = await app.call('instances:previewCsv', { fileName: 'wednesday.csv', text: dayCsv(rows), ...fleet });
      expect(preview.warnings.filter((w) => w.includes('longitude first'))).toEqual([]);
    }
  });
});
