import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInstance, generateInstances } from '../../src/main/vrp/generate.js';
import { readInstanceFile } from '../../src/main/vrp/io/index.js';
import { IMPORT_READS } from '../../src/shared/import-files.js';
import { cutShortNote } from '../../src/shared/methods.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { diffPlans } from '../../src/main/services/compare.js';
import type { StoredInstance, StoredPlan } from '../../src/shared/api.js';
import { TINY_CSV } from './fixtures/tiny.js';
import { createTestApp, type TestApp } from './fixtures/services.js';

let app: TestApp;
let tiny: StoredInstance;
beforeAll(async () => {
  app = createTestApp();
  tiny = await app.call('instances:importCsv', { fileName: 'tiny.csv', text: TINY_CSV, capacity: 30, vehicles: 3 });
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

describe('plans', () => {
  it('plans with the classical solver, stores the plan and reloads it identically', async () => {
    app.events.length = 0;
    const plan = await app.call('plans:create', {
      instanceId: tiny.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 0.2,
      seed: 3,
    });
    expect(plan.evaluation.feasible).toBe(true);
    expect(plan.routes.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(plan.variant).toEqual({ name: 'tw1', alpha: 1, penalty: 'linear' });
    expect(app.events.some((e) => e.event === 'plan:progress')).toBe(true);
    const list = await app.call('plans:list', { instanceId: tiny.id });
    expect(list[0]).toMatchObject({ id: plan.id, method: 'classical', cost: plan.evaluation.cost, feasible: true, effort: 0.2 });
    // The seconds it was given are kept, so that opening the plan sets the controls to plan it again alike.
    expect(plan.effort).toBe(0.2);
    expect(await app.call('plans:get', { id: plan.id })).toEqual(plan);
  });

  it('says, in the plan and in its last event, when the time limit ended before the search could improve the plan', async () => {
    // 1,000 stops in 0.1 s: the construction alone takes longer, and the local search never gets to improve its plan.
    const large = await app.call('instances:save', { instance: generateInstances(1000, 1, 1)[0] });
    app.events.length = 0;
    const request = { instanceId: large.id, variant: { name: 'tw2' }, method: 'classical', timeLimitSec: 0.1, jobId: 'short' } as const;
    const plan = await app.call('plans:create', request);
    expect(plan.cutShort).toBe(true);
    expect((await app.call('plans:get', { id: plan.id })).cutShort).toBe(true);
    expect((await app.call('plans:list', { instanceId: large.id }))[0].cutShort).toBe(true);
    const note =
      "the time limit of 0.1 s ended before the search could improve the plan as far as it goes: the plan is little better than the construction's first one; plan again with a longer time limit";
    expect(cutShortNote(plan.method, { limitSec: plan.effort })).toBe(note);
    const last = app.events.filter((e) => e.event === 'plan:progress').at(-1)?.payload;
    expect(last).toEqual({ fraction: 1, message: note, jobId: 'short' });
    // Five stops in the same time: the search reaches its local optimum, and nothing is said.
    const small = await app.call('plans:create', { ...request, instanceId: tiny.id });
    expect(small.cutShort).toBeUndefined();
    expect(app.events.filter((e) => e.event === 'plan:progress').at(-1)?.payload).toMatchObject({ message: 'done' });
  });

  it('reopens a plan whose instance was edited since with the figures of the data as it is now, and says so', async () => {
    const own = await app.call('instances:save', { instance: { ...tiny.instance, name: 'edited after planning' } });
    const plan = await app.call('plans:create', {
      instanceId: own.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 0.2,
      seed: 3,
    });
    // A rename changes no figure: the plan is as it was stored.
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed' } });
    expect(await app.call('plans:get', { id: plan.id })).toEqual(plan);
    expect((await app.call('plans:list', { instanceId: own.id }))[0].dataChanged).toBeUndefined();
    // A smaller order changes no cost under hard windows, but the load on board the driver sheet tells: changed.
    const served = plan.routes.flat()[0];
    const smaller = own.instance.customers.map((c) => (c.id === served ? { ...c, demand: c.demand - 1 } : c));
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed', customers: smaller } });
    const lighter = await app.call('plans:get', { id: plan.id });
    expect(lighter.evaluation.cost).toBeCloseTo(plan.evaluation.cost, 9);
    expect(lighter.dataChanged).toBe(true);
    const loadOf = (e: typeof plan.evaluation) => e.routes.find((r) => r.stops.some((st) => st.customerId === served))!.load;
    expect(loadOf(lighter.evaluation)).toBe(loadOf(plan.evaluation) - 1);
    // Customer a's window now closes before anyone can reach it: the stored plan breaks the hard rule.
    const customers = own.instance.customers.map((c) => (c.id === 'a' ? { ...c, ready: 0, due: 0 } : c));
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed', customers } });
    const reopened = await app.call('plans:get', { id: plan.id });
    expect(reopened.dataChanged).toBe(true);
    expect(reopened.plannedCost).toBe(plan.evaluation.cost);
    expect(reopened.routes).toEqual(plan.routes);
    expect(reopened.evaluation.feasible).toBe(false);
    expect(reopened.evaluation.violations.some((v) => v.customerId === 'a')).toBe(true);
    // The history list says the same as the reopened plan.
    expect((await app.call('plans:list', { instanceId: own.id }))[0]).toMatchObject({
      id: plan.id,
      dataChanged: true,
      feasible: false,
      cost: reopened.evaluation.cost,
      plannedCost: plan.evaluation.cost,
    });
    const exported = JSON.parse((await app.call('plans:export', { id: plan.id, format: 'json' })).text);
    expect(exported.cost).toBe(reopened.evaluation.cost);
    // A customer added since: the plan never knew it, and says so rather than blaming the fleet.
    const added = { ...customers[1], id: 'z', x: customers[1].x + 1 };
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed', customers: [...customers, added] } });
    const withNew = await app.call('plans:get', { id: plan.id });
    expect(withNew.evaluation.violations.find((v) => v.customerId === 'z')?.message).toBe(
      'customer z is not served: it was added after this plan was made (plan again to include it)',
    );
    // Hand edits of that plan say the same; routes checked on their own know of no plan to compare with.
    const edited = { instanceId: own.id, variant: plan.variant, routes: plan.routes };
    const reason = async (request: object) =>
      (await app.call('plans:check', request as typeof edited)).violations.find((v) => v.customerId === 'z')?.message;
    expect(await reason({ ...edited, fromPlan: plan.id })).toBe(withNew.evaluation.violations.find((v) => v.customerId === 'z')?.message);
    expect(await reason(edited)).not.toMatch(/added after/);
    const editedJson = (await app.call('plans:export', { id: plan.id, format: 'json', routes: plan.routes })).text;
    expect(editedJson).toContain('it was added after this plan was made');
    // A customer taken off its route by hand is said to be, in the check and in the plan the edit is saved as.
    const [first, ...rest] = plan.routes[0];
    const takenOff = { ...edited, routes: [rest, ...plan.routes.slice(1)], fromPlan: plan.id };
    const message = (e: { violations: { customerId?: string; message: string }[] }) =>
      e.violations.find((v) => v.customerId === first)?.message;
    expect(message(await app.call('plans:check', takenOff))).toBe(`customer ${first} is not served: it was taken off its route by hand`);
    const savedEdit = await app.call('plans:saveEdited', takenOff);
    expect(message(savedEdit.evaluation)).toBe(`customer ${first} is not served: it was taken off its route by hand`);
    // Edited again from the saved edit (another stop off): the first stays taken off by hand.
    const [, ...fewer] = savedEdit.routes[0];
    const again = { ...edited, routes: [fewer, ...savedEdit.routes.slice(1)], fromPlan: savedEdit.id };
    expect(message(await app.call('plans:check', again))).toBe(`customer ${first} is not served: it was taken off its route by hand`);
    // The history counts what each plan breaks: customers left out apart from the rules (the stored list and a
    // plan checked again on today's data alike). The edit leaves out z and the customer taken off, and still
    // reaches a after its window (closed at 0 above).
    const listed = await app.call('plans:list', { instanceId: own.id });
    expect(listed.find((p) => p.id === savedEdit.id)).toMatchObject({ unserved: 2, broken: 1, editedFrom: plan.id });
    // Which plan an edit was made on is kept, for the history to name; a plan made by a method has none.
    expect((await app.call('plans:get', { id: savedEdit.id })).editedFrom).toBe(plan.id);
    expect(listed.find((p) => p.id === plan.id)?.editedFrom).toBeUndefined();
    expect(listed.find((p) => p.id === plan.id)).toMatchObject({ dataChanged: true, unserved: 1 });
  });

  it('refuses a request field its method does not read, naming the methods that do, and plans nothing', async () => {
    const before = await app.call('plans:list', { instanceId: tiny.id });
    expect(
      await app.fail('plans:create', { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'classical', samples: 64 }),
    ).toMatchObject({
      kind: 'input',
      message: 'the classical method does not read samples (read by jampr, am, random)',
    });
    expect(
      await app.fail('plans:create', { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'jampr', timeLimitSec: 5, decode: 'greedy' }),
    ).toMatchObject({
      kind: 'input',
      message: expect.stringMatching(/jampr method does not read timeLimitSec \(read by classical, random\)/),
    });
    // A misspelled field, a lateness price under hard windows, a sample count with greedy decoding: refused, not
    // dropped (they ran the default 5 s, priced nothing, and drew no samples).
    const plan = { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'classical' } as const;
    expect(await app.fail('plans:create', { ...plan, timeLimit: 0.5 } as never)).toMatchObject({
      kind: 'input',
      details: [expect.stringMatching(/timeLimit/)],
    });
    expect((await app.fail('plans:create', { ...plan, variant: { name: 'tw1', beta: 2 } })).details).toEqual([
      expect.stringMatching(/beta prices lateness, which hard windows \(tw1\) do not allow/),
    ]);
    expect(await app.fail('plans:create', { ...plan, method: 'jampr', decode: 'greedy', samples: 4 })).toMatchObject({
      kind: 'input',
      message: 'samples needs decode sample (greedy decoding draws no samples)',
    });
    expect(await app.call('plans:list', { instanceId: tiny.id })).toEqual(before);
  });

  it('checks a hand-edited plan: broken rules come back as violations, not errors', async () => {
    const routes = [['a', 'b', 'c', 'd', 'e']]; // 50 units on a vehicle of 30
    const evaluation = await app.call('plans:check', { instanceId: tiny.id, variant: { name: 'tw1' }, routes });
    expect(evaluation.feasible).toBe(false);
    expect(evaluation.violations.map((v) => v.kind)).toContain('capacity');
    const withUnknown = await app.call('plans:check', {
      instanceId: tiny.id,
      variant: { name: 'tw3' },
      routes: [
        ['a', 'zz'],
        ['b', 'c', 'd', 'e'],
      ],
    });
    expect(withUnknown.violations.map((v) => v.kind)).toContain('unknown-customer');
    // A route emptied by hand keeps its place (the routes keep the numbers printed before the save); empty ones at
    // the end are dropped.
    const saved = await app.call('plans:saveEdited', { instanceId: tiny.id, variant: { name: 'tw1' }, routes: [[], ...routes, []] });
    expect(saved).toMatchObject({ method: 'manual', routes: [[], ...routes], evaluation: { feasible: false } });
    expect(saved.evaluation.violations.find((v) => v.kind === 'capacity')?.route).toBe(1);
    expect(saved.evaluation.vehicles).toBe(routes.length);
    // A customer the instance never had is refused, not silently left out (deletions: api-request-rules.test.ts).
    const unknown = await app.fail('plans:saveEdited', { instanceId: tiny.id, variant: { name: 'tw1' }, routes: [...routes, ['zz']] });
    expect(unknown).toMatchObject({ kind: 'input', message: expect.stringMatching(/customer zz: .* has no such customer/) });
    const twice = await app.fail('plans:saveEdited', { instanceId: tiny.id, variant: { name: 'tw1' }, routes: [...routes, ['a']] });
    expect(twice).toMatchObject({ kind: 'input', message: 'the edited plan visits a more than once' });
  });

  it("exports a hand-edited plan's broken rules in its JSON, as the evaluator and `jampr eval` report them", async () => {
    const routes = [['a', 'b', 'c', 'd', 'e']]; // 50 units on a vehicle of 30
    const variant = { name: 'tw1' } as const;
    const checked = await app.call('plans:check', { instanceId: tiny.id, variant, routes });
    // As the evaluator words it (the figures its message ends with are not written twice).
    const { figures: _figures, ...overload } = checked.violations.find((v) => v.kind === 'capacity')!;
    const saved = await app.call('plans:saveEdited', { instanceId: tiny.id, variant, routes });
    // Saved, and on screen not saved yet (edits of a feasible plan): the same file says what the routes break.
    const planned = await app.call('plans:create', { instanceId: tiny.id, variant, method: 'random', samples: 4, seed: 1 });
    for (const request of [
      { id: saved.id, format: 'json' as const },
      { id: planned.id, format: 'json' as const, routes },
    ]) {
      const json = JSON.parse((await app.call('plans:export', request)).text);
      expect(json.feasible).toBe(false);
      expect(json.violations).toContainEqual({ ...overload, route: 0 });
      expect(json.violations).toHaveLength(checked.violations.length);
    }
    const feasible = JSON.parse((await app.call('plans:export', { id: planned.id, format: 'json' })).text);
    expect(feasible).toMatchObject({ feasible: planned.evaluation.feasible, violations: [] });
    expect(planned.evaluation.feasible).toBe(true);
    for (const id of [saved.id, planned.id]) await app.call('plans:delete', { id });
  });

  it('plans with random sampling and exports the plan as CSV and JSON', async () => {
    const plan = await app.call('plans:create', {
      instanceId: tiny.id,
      variant: { name: 'tw2', beta: 2 },
      method: 'random',
      samples: 20,
      seed: 1,
    });
    expect(plan.variant).toMatchObject({ name: 'tw2', beta: 2 });
    const csv = await app.call('plans:export', { id: plan.id, format: 'csv' });
    expect(csv.text.split('\n')[0]).toMatch(/^route,stop,kind,id,name,address,x,y,arrival/);
    // The header, then per route used a departure row, its stops and a return row.
    const used = plan.routes.filter((r) => r.length > 0).length;
    expect(csv.text.trim().split('\n')).toHaveLength(1 + 5 + 2 * used);
    const json = JSON.parse((await app.call('plans:export', { id: plan.id, format: 'json' })).text);
    expect(json).toMatchObject({ instance: 'tiny', variant: 'tw2', method: 'random', routes: plan.routes, cost: plan.evaluation.cost });
    // Routes edited on screen and not saved yet: exported as a hand edit, not as the solver's work.
    const edited = [plan.routes.flat()];
    const file = await app.call('plans:export', { id: plan.id, format: 'json', routes: edited });
    expect(file.fileName).toMatch(/-random-\d+-edited\.json$/);
    expect(JSON.parse(file.text)).toMatchObject({ method: 'manual', routes: edited, seconds: 0 });
  });

  it("names the decimal-comma plan CSV apart from the standard one, so that neither replaces the other's download", async () => {
    const plan = await app.call('plans:create', { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'random', samples: 4, seed: 1 });
    const names = await Promise.all(
      (['csv', 'csv-decimal-comma', 'json'] as const).map(
        async (format) => (await app.call('plans:export', { id: plan.id, format })).fileName,
      ),
    );
    expect(names[0]).toMatch(/^tiny-tw1-random-\d+\.csv$/);
    expect(names[1]).toBe(names[0].replace(/\.csv$/, '-decimal-comma.csv'));
    expect(names[2]).toBe(names[0].replace(/\.csv$/, '.json'));
  });

  it('cancels a long plan in progress: the call fails as cancelled and nothing is stored', async () => {
    const big = await app.call('instances:save', { instance: generateInstance(100, createRng(5)) });
    app.events.length = 0;
    const planning = app.services.handlers['plans:create']({
      instanceId: big.id,
      variant: { name: 'tw3' },
      method: 'classical',
      timeLimitSec: 120,
    });
    while (!app.events.some((e) => e.event === 'plan:progress')) await new Promise((r) => setTimeout(r, 10));
    expect(await app.call('plans:cancel', {})).toEqual({ cancelled: true });
    const result = await planning;
    expect(result.ok ? 'planned' : result.error.kind).toBe('cancelled');
    expect(await app.call('plans:list', { instanceId: big.id })).toEqual([]);
  });

  it('cancels only the run named by its job id, and tags progress with it, so two windows keep their own', async () => {
    const big = await app.call('instances:save', { instance: generateInstance(100, createRng(6)) });
    app.events.length = 0;
    const request = { instanceId: big.id, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 2 } as const;
    const mine = app.services.handlers['plans:create']({ ...request, timeLimitSec: 120, jobId: 'window-a' });
    const theirs = app.services.handlers['plans:create']({ ...request, jobId: 'window-b' });
    const progressOf = (jobId: string) =>
      app.events.some((e) => e.event === 'plan:progress' && (e.payload as { jobId?: string }).jobId === jobId);
    while (!progressOf('window-a')) await new Promise((r) => setTimeout(r, 10));
    expect(await app.call('plans:cancel', { jobId: 'window-a' })).toEqual({ cancelled: true });
    expect(await app.call('plans:cancel', { jobId: 'no-such-run' })).toEqual({ cancelled: false });
    const [a, b] = await Promise.all([mine, theirs]);
    expect(a.ok ? 'planned' : a.error.kind).toBe('cancelled');
    expect(b.ok).toBe(true);
    expect(progressOf('window-b')).toBe(true);
    expect((await app.call('plans:list', { instanceId: big.id })).length).toBe(1);
  });

  it('deleting an instance deletes its plans', async () => {
    const other = await app.call('instances:save', { instance: { ...tiny.instance, name: 'to delete' } });
    const plan = await app.call('plans:create', { instanceId: other.id, variant: { name: 'tw3' }, method: 'random', samples: 5 });
    expect(await app.call('instances:delete', { id: other.id })).toEqual({ deleted: true, plans: 1 });
    // Deleted with its day: gone since it was shown, not an id that never was.
    expect((await app.fail('plans:get', { id: plan.id })).kind).toBe('conflict');
  });
});

describe('comparison', () => {
  it('plans the instance under tw1 and tw3 and diffs them per KPI and per customer', async () => {
    const tight = await app.call('instances:save', {
      instance: {
        ...tiny.instance,
        name: 'tight',
        customers: tiny.instance.customers.map((c, i) => ({ ...c, ready: 15 + 25 * i, due: 25 + 25 * i })),
      },
    });
    const comparison = await app.call('compare:variants', {
      instanceId: tight.id,
      a: { name: 'tw1' },
      b: { name: 'tw3' },
      method: 'classical',
      timeLimitSec: 0.2,
    });
    const { a, b, delta, customers } = comparison;
    expect([a.variant.name, b.variant.name]).toEqual(['tw1', 'tw3']);
    expect(delta.cost).toBeCloseTo(b.evaluation.cost - a.evaluation.cost, 9);
    expect(delta.late).toBeCloseTo(b.evaluation.late - a.evaluation.late, 9);
    const lateInB = b.evaluation.routes
      .flatMap((r) => r.stops)
      .filter((s) => s.late > 1e-9)
      .map((s) => s.customerId);
    for (const id of lateInB) expect(customers.find((c) => c.customerId === id)?.lateB).toBeGreaterThan(0);
    const earlyInA = a.evaluation.routes
      .flatMap((r) => r.stops)
      .filter((s) => s.early > 1e-9)
      .map((s) => s.customerId);
    for (const id of earlyInA) expect(customers.find((c) => c.customerId === id)?.earlyA).toBeGreaterThan(0);
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.length).toBe(new Set([...lateInB, ...earlyInA, ...customers.map((c) => c.customerId)]).size);
    expect((await app.call('plans:list', { instanceId: tight.id })).map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    // Each side names the other, in the answer, the history list and a reopened plan; a plain run names none.
    expect([a.comparedWith, b.comparedWith]).toEqual([b.id, a.id]);
    const listed = await app.call('plans:list', { instanceId: tight.id });
    expect(Object.fromEntries(listed.map((p) => [p.id, p.comparedWith]))).toEqual({ [a.id]: b.id, [b.id]: a.id });
    expect((await app.call('plans:get', { id: b.id })).comparedWith).toBe(a.id);
    const plain = await app.call('plans:create', {
      instanceId: tight.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 0.1,
    });
    expect((await app.call('plans:list', { instanceId: tight.id })).find((p) => p.id === plain.id)?.comparedWith).toBeUndefined();
  });

  it("reads the day's latest comparison back from its stored plans, A as planned first, without planning again", async () => {
    const day = await app.call('instances:save', { instance: { ...tiny.instance, name: 'compared twice' } });
    expect(await app.call('compare:latest', { instanceId: day.id }), 'a day never compared has none').toBeNull();
    const request = { instanceId: day.id, method: 'random', samples: 1, seed: 3 } as const;
    await app.call('compare:variants', { ...request, a: { name: 'tw1' }, b: { name: 'tw3' } });
    const made = await app.call('compare:variants', { ...request, a: { name: 'tw3' }, b: { name: 'tw2' } });
    const planned = (await app.call('plans:list', { instanceId: day.id })).length;
    const latest = await app.call('compare:latest', { instanceId: day.id });
    expect([latest?.a.id, latest?.b.id]).toEqual([made.a.id, made.b.id]);
    expect([latest?.a.variant.name, latest?.b.variant.name]).toEqual(['tw3', 'tw2']);
    expect(latest?.delta).toEqual(made.delta);
    expect(latest?.customers).toEqual(made.customers);
    expect((await app.call('plans:list', { instanceId: day.id })).length, 'nothing planned').toBe(planned);
    // One side deleted in the history: that comparison is no longer whole, the one before it is the latest.
    await app.call('plans:delete', { id: made.b.id });
    expect((await app.call('compare:latest', { instanceId: day.id }))?.a.variant.name).toBe('tw1');
    await app.call('instances:delete', { id: day.id });
  });

  it('lists a customer one plan leaves out as not served in that plan, even where the other serves it on time', async () => {
    const served = (id: string) => ({
      customerId: id,
      arrival: 0,
      wait: 0,
      start: 0,
      departure: 0,
      early: 0,
      late: 0,
      load: 0,
      penalty: 0,
    });
    const plan = (ids: string[], unserved: string[]) =>
      ({
        evaluation: {
          routes: [{ stops: ids.map(served) }],
          violations: unserved.map((id) => ({ kind: 'unserved', customerId: id, message: '' })),
        },
      }) as unknown as StoredPlan;
    const { customers } = diffPlans(plan(['c2', 'c10', 'c1'], []), plan(['c2', 'c1'], ['c10']));
    expect(customers).toEqual([{ customerId: 'c10', servedA: true, servedB: false, lateA: 0, lateB: 0, earlyA: 0, earlyB: 0 }]);
  });
});

describe('comparison request', () => {
  it('plans each side with exactly the request the Plan view sends (samples and seed included)', async () => {
    const request = { instanceId: tiny.id, method: 'random', samples: 1, seed: 7 } as const;
    const alone = await app.call('plans:create', { ...request, variant: { name: 'tw3' } });
    const { b } = await app.call('compare:variants', { ...request, a: { name: 'tw1' }, b: { name: 'tw3' } });
    expect(b.routes).toEqual(alone.routes);
    expect(b.evaluation.cost).toBe(alone.evaluation.cost);
    const otherSeed = await app.call('plans:create', { ...request, seed: 8, variant: { name: 'tw3' } });
    expect(otherSeed.routes, 'the seed matters, so the equality above is not a coincidence').not.toEqual(alone.routes);
  });
});

describe('models', () => {
  it('refuses a folder without a model card and reports a missing model as a model error', async () => {
    const folder = join(app.dir, 'not-a-model');
    mkdirSync(folder);
    expect(await app.fail('models:import', { folder })).toMatchObject({ kind: 'model', message: expect.stringMatching(/card\.json/) });
    const error = await app.fail('plans:create', { instanceId: tiny.id, variant: { name: 'tw2' }, method: 'jampr' });
    expect(error).toMatchObject({ kind: 'model', message: expect.stringMatching(/no jampr model for tw2/) });
  });
});

describe('app', () => {
  it('reports the database path, the transport and the worker backend', async () => {
    const info = await app.call('app:info', {});
    expect(info).toMatchObject({ dbPath: app.store.path, transport: 'ipc', version: 'test' });
    expect(info.backend).not.toBe('');
  });

  it('hands the window the start notes while files set aside lie beside the database, and none once they are gone', async () => {
    expect((await app.call('app:info', {})).startNotes).toEqual([]);
    const log = join(app.dir, 'app.sqlite-wal.set-aside-2026-12-02T10-40-10-172Z');
    writeFileSync(log, 'x');
    const [note, ...more] = (await app.call('app:info', {})).startNotes;
    expect(more).toEqual([]);
    expect(note).toContain(log);
    expect(note).toContain('is not a backup');
    rmSync(log);
    expect((await app.call('app:info', {})).startNotes).toEqual([]);
  });
});
