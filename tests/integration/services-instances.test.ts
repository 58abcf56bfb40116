import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInstanceFile } from '../../src/main/vrp/io/index.js';
import { IMPORT_READS } from '../../src/shared/import-files.js';
import type { StoredInstance } from '../../src/shared/api.js';
import { TINY_CSV } from './fixtures/tiny.js';
import { createTinyApp, type TestApp } from './fixtures/services.js';

let app: TestApp;
let tiny: StoredInstance;
beforeAll(async () => {
  ({ app, tiny } = await createTinyApp());
});
afterAll(() => app.close());

describe('instances', () => {
  it('imports a CSV as a stored instance named after the file and lists it', async () => {
    expect(tiny.instance).toMatchObject({ name: 'tiny', capacity: 30, vehicles: 3 });
    expect(tiny.instance.customers.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(tiny.source).toBe('tiny.csv');
    const list = await app.call('instances:list', {});
    expect(list).toContainEqual(expect.objectContaining({ id: tiny.id, customers: 5, source: 'tiny.csv' }));
  });

  it('imports a file again beside the stored day of its name, never over it, and says so in the preview', async () => {
    const request = { fileName: 'tiny.csv', text: TINY_CSV, capacity: 30, vehicles: 3 };
    const preview = await app.call('instances:previewCsv', request);
    expect(preview.instance.name).toBe('tiny (2)');
    expect(preview.warnings).toContainEqual(
      expect.stringMatching(
        /^an instance named “tiny” is already stored \(5 customers, \d+ plans?\): this file is imported beside it as “tiny \(2\)”/,
      ),
    );
    const second = await app.call('instances:importCsv', request);
    const third = await app.call('instances:importCsv', request);
    expect([second.instance.name, third.instance.name]).toEqual(['tiny (2)', 'tiny (3)']);
    expect((await app.call('instances:get', { id: tiny.id })).instance).toEqual(tiny.instance);
    for (const { id } of [second, third]) await app.call('instances:delete', { id });
  });

  it('rejects a malformed CSV with every bad row listed and stores nothing', async () => {
    const before = (await app.call('instances:list', {})).length;
    const bad = TINY_CSV.replace('a,10,0,10,0,200,5', 'a,ten,0,10,0,200,5').replace('b,0,10,10,0,200,5', 'b,0,10,10,300,200,5');
    const error = await app.fail('instances:importCsv', { fileName: 'bad.csv', text: bad, capacity: 30 });
    expect(error.kind).toBe('input');
    expect(error.details?.length).toBeGreaterThanOrEqual(2);
    expect((await app.call('instances:list', {})).length).toBe(before);
  });

  it("previews and imports a Solomon file with the fleet it names, a fleet value sent replacing the file's", async () => {
    const solomon = [
      'TINY',
      '',
      'VEHICLE',
      'NUMBER     CAPACITY',
      '  2         50',
      '',
      'CUSTOMER',
      'CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME',
      '',
      '    0      10         10          0          0        200          0',
      '    1      12         10          5         10        100         10',
      '    2      10       14.5          7         20        150         10',
    ].join('\r\n');
    const preview = await app.call('instances:previewCsv', { fileName: 'tiny-solomon.txt', text: solomon });
    // Named by the name inside the file, as jampr names it: TINY, not the file's tiny-solomon.
    expect(preview.instance).toEqual({
      name: 'TINY',
      depot: { id: '0', x: 10, y: 10, ready: 0, due: 200 },
      capacity: 50,
      vehicles: 2,
      customers: [
        { id: '1', x: 12, y: 10, demand: 5, ready: 10, due: 100, service: 10 },
        { id: '2', x: 10, y: 14.5, demand: 7, ready: 20, due: 150, service: 10 },
      ],
    });
    expect(preview).toMatchObject({ rows: 3, fleetInFile: { vehicles: 2, capacity: 50 } });
    expect(preview.columns).toMatchObject({ id: 'CUST NO.', ready: 'READY TIME', service: 'SERVICE TIME' });
    // Two customers is none of the published sizes: read, and said, as jampr says it.
    expect(preview.warnings).toEqual([expect.stringMatching(/^TINY has 2 customers, none of the published sizes/)]);
    const smaller = await app.call('instances:previewCsv', { fileName: 'tiny-solomon.txt', text: solomon, capacity: 20 });
    expect(smaller.instance).toMatchObject({ capacity: 20, vehicles: 2 });
    const stored = await app.call('instances:importCsv', { fileName: 'tiny-solomon.txt', text: solomon });
    expect(stored).toMatchObject({ source: 'tiny-solomon.txt', instance: preview.instance });
    await app.call('instances:delete', { id: stored.id });
  });

  it("previews and imports a VRPLIB file as jampr reads it, with the fleet it names, a fleet value sent replacing the file's", async () => {
    const text = readFileSync(join(import.meta.dirname, '../../data/homberger/200/C1_2_1.vrp'), 'utf8');
    const cli = readInstanceFile(join(import.meta.dirname, '../../data/homberger/200/C1_2_1.vrp'));
    // Named .txt by a download, or kept as .vrp: read by what it holds.
    for (const fileName of ['C1_2_1.vrp', 'C1_2_1.txt']) {
      const preview = await app.call('instances:previewCsv', { fileName, text });
      expect(preview.instance).toEqual(cli);
      expect(preview).toMatchObject({ rows: 201, fleetInFile: { vehicles: 50, capacity: 200, format: 'VRPLIB' } });
      expect(preview.columns).toMatchObject({ x: 'NODE_COORD_SECTION', ready: 'TIME_WINDOW_SECTION', service: 'SERVICE_TIME' });
    }
    const smaller = await app.call('instances:previewCsv', { fileName: 'C1_2_1.vrp', text, vehicles: 30 });
    expect(smaller.instance).toMatchObject({ capacity: 200, vehicles: 30 });
    const stored = await app.call('instances:importCsv', { fileName: 'C1_2_1.vrp', text });
    expect(stored).toMatchObject({ source: 'C1_2_1.vrp', instance: cli });
    await app.call('instances:delete', { id: stored.id });
  });

  it('names a benchmark day as jampr names it: by the name inside the file, by the file name where it has none', async () => {
    const solomon = ['TINY', '', 'VEHICLE', 'NUMBER CAPACITY', '2 50', '', 'CUSTOMER', '0 10 10 0 0 200 0', '1 12 10 5 10 100 10'];
    const vrplib = readFileSync(join(import.meta.dirname, '../../data/homberger/200/C1_2_1.vrp'), 'utf8');
    const files = [
      { fileName: 'Montag_Nord.txt', text: solomon.join('\n'), day: 'TINY' },
      { fileName: 'Montag_Nord.txt', text: solomon.slice(2).join('\n'), day: 'Montag_Nord' },
      { fileName: 'Tour 3.vrp', text: vrplib, day: 'C1_2_1' },
      { fileName: 'Tour_3.vrp', text: vrplib.replace(/^NAME\s*:.*$/m, ''), day: 'Tour_3' },
      { fileName: 'Tour_3.vrp', text: vrplib.replace(/^NAME\s*:.*$/m, 'NAME :   '), day: 'Tour_3' },
    ];
    for (const { fileName, text, day } of files) {
      const preview = await app.call('instances:previewCsv', { fileName, text });
      const path = join(app.dir, fileName);
      writeFileSync(path, text);
      expect([preview.instance.name, readInstanceFile(path).name], fileName).toEqual([day, day]);
      rmSync(path);
    }
  });

  it('says what the Import reads where a file is neither a customer table nor a Solomon or VRPLIB instance', async () => {
    const error = await app.fail('instances:previewCsv', { fileName: 'notes.txt', text: 'Tour notes for Friday\nCall the depot at 6\n' });
    expect(error).toMatchObject({ kind: 'input', message: expect.stringMatching(/^notes.txt cannot be imported\n/) });
    expect(error.details).toEqual([
      'it is not a customer table (none of its first lines names the columns one has: id, x and y or lat and lon, demand, ready, due), nor a Solomon or VRPLIB instance',
      IMPORT_READS,
    ]);
    // A table that lacks a column is still told which.
    const lacking = await app.fail('instances:previewCsv', {
      fileName: 'tiny.csv',
      text: TINY_CSV.replace('demand', 'weight_kg'),
      capacity: 30,
    });
    expect(lacking.details?.[0]).toMatch(/^missing column demand/);
  });

  it("sends a refused file's warnings with its problems, from the preview and the import alike, and stores nothing", async () => {
    const before = (await app.call('instances:list', {})).length;
    const text = ['id,x,y,demand,ready,due', 'D,0,0,0,6:00 AM,6:00 PM', 'A,1,1,1,11:00 AM,1:00', 'B,2,2,1,9:00 AM,3:00 PM'].join('\n');
    for (const call of ['instances:previewCsv', 'instances:importCsv'] as const) {
      const error = await app.fail(call, { fileName: 'friday.csv', text, capacity: 30 });
      expect(error.details).toEqual(["row 3, columns ready, due: ready time '11:00 AM' is after due time '1:00' for customer A"]);
      expect(error.warnings).toEqual([
        expect.stringMatching(/^the file has no service time column/),
        expect.stringMatching(/^row 3, column due: '1:00' is written without AM or PM/),
      ]);
    }
    expect((await app.call('instances:list', {})).length).toBe(before);
  });

  it("names a day imported from the app's own export after the day it was exported from", async () => {
    const day = { ...(await app.call('instances:get', { id: tiny.id })).instance, name: 'Freitag Hamburg' };
    const saved = await app.call('instances:save', { instance: day });
    for (const format of ['csv', 'csv-decimal-comma'] as const) {
      const file = await app.call('instances:exportCsv', { id: saved.id, format });
      expect(file.fileName).toBe(format === 'csv' ? 'Freitag_Hamburg.csv' : 'Freitag_Hamburg-decimal-comma.csv');
      const preview = await app.call('instances:previewCsv', { fileName: file.fileName, text: file.text, capacity: 30 });
      expect(preview.instance.name).toBe('Freitag Hamburg (2)');
    }
    // A name with spaces of its own keeps its underscores, and a benchmark file keeps its own name.
    const spaced = await app.call('instances:previewCsv', { fileName: 'Tour A_B.csv', text: TINY_CSV, capacity: 30 });
    expect(spaced.instance.name).toBe('Tour A_B');
    await app.call('instances:delete', { id: saved.id });
  });

  it('previews a CSV with the header each field was read from', async () => {
    const preview = await app.call('instances:previewCsv', { fileName: 'tiny.csv', text: TINY_CSV, capacity: 30 });
    expect(preview.columns).toMatchObject({ id: 'id', x: 'x', ready: 'ready' });
    expect(preview.rows).toBe(6);
    // The fleet is not in the file: the caller is told which request field to send, not the CLI's flags (the import
    // dialog says which of its fields to type: fleet-asks.ts), by the preview and the import alike; nothing is stored.
    const before = (await app.call('instances:list', {})).length;
    const asked = ['the vehicle capacity is required: send it as capacity'];
    expect((await app.fail('instances:previewCsv', { fileName: 'tiny.csv', text: TINY_CSV })).details).toEqual(asked);
    expect((await app.fail('instances:importCsv', { fileName: 'tiny.csv', text: TINY_CSV })).details).toEqual(asked);
    const geo = 'id,lat,lon,demand,ready,due,service\nD,52.5,13.4,0,0,600,0\na,52.51,13.41,1,0,600,5\n';
    expect((await app.fail('instances:importCsv', { fileName: 'geo.csv', text: geo, capacity: 10 })).details).toEqual([
      'the travel speed in km/h is required for lat/lon data: send it as speedKmh',
    ]);
    expect((await app.call('instances:list', {})).length).toBe(before);
  });

  it('refuses to save an invalid instance and round-trips a valid one through the CSV export', async () => {
    const broken = { ...tiny.instance, capacity: -1 };
    expect(await app.fail('instances:save', { instance: broken })).toMatchObject({
      kind: 'input',
      message: expect.stringMatching(/^some values are not valid\n/),
      details: ['vehicle capacity -1 is not a positive integer'],
    });
    const exported = await app.call('instances:exportCsv', { id: tiny.id });
    const again = await app.call('instances:previewCsv', { fileName: exported.fileName, text: exported.text, capacity: 30, vehicles: 3 });
    expect(again.instance.customers).toEqual(tiny.instance.customers);
    // A name in any script keeps its letters in the file name; only what a file system may refuse becomes _.
    const named = await app.call('instances:exportCsv', { id: tiny.id, instance: { ...tiny.instance, name: 'Tour «Süd»/Łódź' } });
    expect(named.fileName).toBe('Tour_Süd_Łódź.csv');
  });

  it('exports the customer CSV for Excel with decimal commas under a name of its own, and imports it back to the same day', async () => {
    // Decimals in the positions, demands and service times, so that the file has commas to read back.
    const decimals = tiny.instance.customers.map((c, i) => ({ ...c, x: c.x + 0.25, demand: c.demand + 0.5, service: i + 1.5 }));
    const shown = { ...tiny.instance, customers: decimals };
    const file = await app.call('instances:exportCsv', { id: tiny.id, instance: shown, format: 'csv-decimal-comma' });
    expect(file.fileName).toBe('tiny-decimal-comma.csv');
    expect(file.text.split('\n')[0]).toBe('type;id;x;y;demand;ready;due;service');
    const again = await app.call('instances:previewCsv', { fileName: file.fileName, text: file.text, capacity: 30, vehicles: 3 });
    expect(again.instance.customers).toEqual(decimals);
    expect(again.instance.depot).toEqual(tiny.instance.depot);
  });

  it('checks an edit: a broken rule is a problem, a customer out of reach a warning that does not stop a save, both at once', async () => {
    const outOfReach = { ...tiny.instance, customers: tiny.instance.customers.map((c) => (c.id === 'a' ? { ...c, ready: 0, due: 5 } : c)) };
    const check = await app.call('instances:validate', { instance: outOfReach });
    expect(check.problems).toEqual([]);
    expect(check.warnings).toEqual([expect.stringMatching(/^customer a cannot be reached in time: .*hard time windows leave it unserved/)]);
    const saved = await app.call('instances:save', { instance: outOfReach });
    expect(saved.instance.customers[0]).toMatchObject({ id: 'a', due: 5 });
    const reversed = outOfReach.customers.map((c) => (c.id === 'b' ? { ...c, ready: 300, due: 200 } : c));
    const broken = await app.call('instances:validate', { instance: { ...outOfReach, customers: reversed } });
    expect(broken.problems).toEqual(['ready time 300 is after due time 200 for customer b']);
    // Another customer's error hides no warning: the editor shows both at once.
    expect(broken.warnings).toEqual(check.warnings);
    await app.call('instances:delete', { id: saved.id });
  });

  it('imports and plans a day with an order bigger than a vehicle, naming that customer as not served', async () => {
    const text = TINY_CSV.replace('e,7,7,10,', 'e,7,7,45,');
    const preview = await app.call('instances:previewCsv', { fileName: 'heavy.csv', text, capacity: 30, vehicles: 3 });
    expect(preview.warnings).toContainEqual(
      "row 7, column demand: customer e cannot be served: its demand is more than a vehicle's capacity of 30 (demand '45'), so every plan leaves it unserved; split the order into loads of at most 30, or raise the capacity",
    );
    const heavy = await app.call('instances:importCsv', { fileName: 'heavy.csv', text, capacity: 30, vehicles: 3 });
    const plan = await app.call('plans:create', {
      instanceId: heavy.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 0.2,
      seed: 3,
    });
    expect(plan.routes.flat().sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(plan.evaluation.violations).toEqual([
      expect.objectContaining({
        kind: 'unserved',
        customerId: 'e',
        message: "customer e is not served: its demand is more than a vehicle's capacity of 30 (demand 45)",
        figures: 'demand 45',
      }),
    ]);
    await app.call('instances:delete', { id: heavy.id });
  });

  it('refuses a save over edits made elsewhere since the instance was opened, and over a deleted instance', async () => {
    const opened = await app.call('instances:save', { instance: { ...tiny.instance, name: 'two windows' } });
    // Window A saves first, from the version both windows opened.
    const first = await app.call('instances:save', {
      id: opened.id,
      basedOn: opened.updatedAt,
      instance: { ...opened.instance, vehicles: 2 },
    });
    // Window B's save still starts from that version: refused, and A's edit stays.
    expect(
      await app.fail('instances:save', { id: opened.id, basedOn: opened.updatedAt, instance: { ...opened.instance, capacity: 40 } }),
    ).toEqual({ kind: 'conflict', message: '“two windows” was saved elsewhere after it was opened here; nothing was saved' });
    expect((await app.call('instances:get', { id: opened.id })).instance).toMatchObject({ vehicles: 2, capacity: 30 });
    // From the version A saved, the next save goes through.
    const next = await app.call('instances:save', {
      id: opened.id,
      basedOn: first.updatedAt,
      instance: { ...first.instance, capacity: 40 },
    });
    expect(next.instance).toMatchObject({ vehicles: 2, capacity: 40 });
    // Deleted elsewhere: refused as well, and nothing comes back to life.
    await app.call('instances:delete', { id: opened.id });
    expect(await app.fail('instances:save', { id: opened.id, basedOn: next.updatedAt, instance: next.instance })).toMatchObject({
      kind: 'conflict',
      message: '“two windows” was deleted elsewhere after it was opened here; nothing was saved',
    });
    expect((await app.call('instances:list', {})).some((i) => i.id === opened.id)).toBe(false);
  });

  it('answers an unknown id and a malformed request with input errors', async () => {
    expect(await app.fail('instances:get', { id: 9999 })).toMatchObject({ kind: 'input', message: expect.stringMatching(/no instance/) });
    expect(await app.fail('instances:get', { id: 'one' })).toMatchObject({ kind: 'input', details: ["id 'one' is not a number"] });
    expect((await app.services.dispatch('instances:nonsense', {})).ok).toBe(false);
  });
});
