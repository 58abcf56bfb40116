import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { registerModel } from '../../src/main/services/models.js';
import type { StoredInstance } from '../../src/shared/api.js';
import { MAX_PRICE } from '../../src/shared/limits.js';
import { saveTinyModel } from '../unit/jampr/fixtures.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { oneStopSheets } from './fixtures/sheets.js';
import { BLANK_EVALUATION, TINY_CSV, tinyInstance } from './fixtures/tiny.js';

/** Requests the API must refuse up front, with an input error that names the problem, changing nothing. */
let app: TestApp;
let day: StoredInstance;
beforeAll(async () => {
  app = createTestApp(inProcessRunner());
  day = await app.call('instances:save', { instance: tinyInstance('day') });
});
afterAll(() => app.close());

const routes = [
  ['a', 'b'],
  ['c', 'd', 'e'],
];
const planCount = async (instanceId: number) => (await app.call('plans:list', { instanceId })).length;

describe('a value a request schema refuses', () => {
  it("is named by its field with what is allowed, in a sentence, not in the validator's words; nothing is planned", async () => {
    const before = await planCount(day.id);
    const plan = { instanceId: day.id, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 0.1 } as const;
    const refusals: [unknown, string][] = [
      [{ ...plan, variant: { name: 'tw3', alpha: -1 } }, 'variant.alpha -1 is too small: it may be 0 or more'],
      [{ ...plan, seed: 1.5 }, 'seed 1.5 is not a whole number'],
      [{ ...plan, seed: 'x' }, "seed 'x' is not a number"],
      // Beyond 32 bits a seed gave the plan of another (4294967297 that of 1): the range the CLI's --seed takes too.
      [{ ...plan, seed: 4294967297 }, 'seed 4294967297 is too large: it may be 4294967295 at most'],
      [{ ...plan, seed: -1 }, 'seed -1 is too small: it may be 0 or more'],
      [{ ...plan, variant: { name: 'tw9' } }, "variant.name 'tw9' is not one of tw1, tw2, tw3"],
      [{ ...plan, method: 'fast' }, "method 'fast' is not one of jampr, am, classical, random"],
      [{ ...plan, timeLimitSec: 1000 }, 'timeLimitSec 1000 is too large: it may be 600 at most'],
      [{ ...plan, instanceId: 0 }, 'instanceId 0 is too small: it must be more than 0'],
      [{ ...plan, jobId: '' }, "jobId '' is empty: it needs at least 1 character"],
    ];
    for (const [request, detail] of refusals) {
      expect(await app.fail('plans:create', request)).toEqual({
        kind: 'input',
        message: `some values are not valid\n  - ${detail}`,
        details: [detail],
      });
    }
    expect((await app.fail('instances:importCsv', { fileName: 'x.csv', text: TINY_CSV, capacity: -3 })).details).toEqual([
      'capacity -3 is too small: it must be more than 0',
    ]);
    expect((await app.fail('plans:export', { id: 1, format: 'xml' })).details).toEqual([
      "format 'xml' is not one of csv, csv-decimal-comma, json",
    ]);
    expect(await planCount(day.id)).toBe(before);
  });
});

describe('prices in a request', () => {
  it('are refused above MAX_PRICE by every call that takes a variant, and nothing is planned or stored', async () => {
    const before = await planCount(day.id);
    const tooHigh = {
      details: [`variant.alpha 1e+308 is above ${MAX_PRICE}, the most a price per minute early or late may be`],
    };
    const plan = { instanceId: day.id, method: 'classical', timeLimitSec: 0.1 } as const;
    expect(await app.fail('plans:create', { ...plan, variant: { name: 'tw3', alpha: 1e308 } })).toMatchObject({
      kind: 'input',
      ...tooHigh,
    });
    expect(await app.fail('plans:check', { instanceId: day.id, variant: { name: 'tw3', alpha: 1e308 }, routes })).toMatchObject(tooHigh);
    expect(await app.fail('plans:saveEdited', { instanceId: day.id, variant: { name: 'tw2', alpha: 1e308 }, routes })).toMatchObject(
      tooHigh,
    );
    const compared = await app.fail('compare:variants', { ...plan, a: { name: 'tw1' }, b: { name: 'tw2', beta: MAX_PRICE + 1 } });
    expect(compared).toMatchObject({ kind: 'input', details: [expect.stringMatching(/^b\.beta 10001 is above 10000/)] });
    expect(await planCount(day.id)).toBe(before);
    // The bound itself is a price.
    const check = await app.call('plans:check', {
      instanceId: day.id,
      variant: { name: 'tw3', alpha: MAX_PRICE, beta: MAX_PRICE },
      routes,
    });
    expect(Number.isFinite(check.cost)).toBe(true);
  });

  it('leave a plan stored with a larger price readable', async () => {
    const stored = app.store.plans.insert({
      instanceId: day.id,
      variant: { name: 'tw2', alpha: 1e12, beta: 1e12, penalty: 'linear' },
      method: 'manual',
      modelName: null,
      routes,
      evaluation: BLANK_EVALUATION,
      seconds: 0,
    });
    expect((await app.call('plans:get', { id: stored.id })).variant).toMatchObject({ alpha: 1e12 });
    expect((await app.call('plans:list', { instanceId: day.id })).map((p) => p.id)).toContain(stored.id);
    await app.call('plans:delete', { id: stored.id });
  });
});

describe('a comparison', () => {
  it('of one policy with itself is refused, naming the policy, however it is written, and nothing is planned', async () => {
    const before = await planCount(day.id);
    const compare = { instanceId: day.id, method: 'classical', timeLimitSec: 0.1 } as const;
    expect(await app.fail('compare:variants', { ...compare, a: { name: 'tw1' }, b: { name: 'tw1' } })).toEqual({
      kind: 'input',
      message:
        'a and b are the same policy, tw1, hard: alpha 1, linear penalty: a comparison plans the day under two policies; change one of them',
    });
    // The preset's own prices written out are the preset.
    const written = await app.fail('compare:variants', { ...compare, a: { name: 'tw2' }, b: { name: 'tw2', alpha: 0, beta: 0.5 } });
    expect(written.message).toMatch(/^a and b are the same policy, tw2, partly soft: alpha 0, beta 0\.5, linear penalty:/);
    expect(await planCount(day.id)).toBe(before);
    // One price apart is two policies.
    const priced = await app.call('compare:variants', { ...compare, a: { name: 'tw2' }, b: { name: 'tw2', beta: 2 } });
    expect(priced.b.variant).toMatchObject({ name: 'tw2', beta: 2 });
  });
});

describe('customer ids', () => {
  it("are refused with spaces at their ends, which the day's CSV export would not keep (its import trims every cell)", async () => {
    const base = tinyInstance('spaced');
    const renamed = (ids: Record<string, string>) => ({ ...base, customers: base.customers.map((c) => ({ ...c, id: ids[c.id] ?? c.id })) });
    const before = (await app.call('instances:list', {})).length;
    const spaced = renamed({ b: 'a ', c: ' C001 ' });
    const refusals = [
      "instance.customers[1].id (customer a ): 'a ' has spaces at its ends, which a CSV file does not keep: remove them",
      "instance.customers[2].id (customer  C001 ): ' C001 ' has spaces at its ends, which a CSV file does not keep: remove them",
    ];
    expect(await app.fail('instances:save', { instance: spaced })).toMatchObject({ kind: 'input', details: refusals });
    expect((await app.call('instances:validate', { instance: spaced })).problems).toEqual(
      refusals.map((r) => r.replace(/^instance\./, '')),
    );
    expect((await app.call('instances:list', {})).length).toBe(before);
  });
});

describe('texts of an instance', () => {
  it('are refused with a control character (NUL, a right-to-left override), naming the customer and the field', async () => {
    const base = tinyInstance('x\u0000y');
    const customers = base.customers.map((c) => (c.id === 'b' ? { ...c, name: 'B\u202Eckerei', address: 'Main St\u00001' } : c));
    const before = (await app.call('instances:list', {})).length;
    expect(await app.fail('instances:save', { instance: { ...base, customers } })).toMatchObject({
      kind: 'input',
      details: [
        'instance.name: holds the invisible control character U+0000: remove it (retype the text where it was pasted)',
        'instance.customers[1].name (customer b): holds the invisible control character U+202E: remove it (retype the text where it was pasted)',
        'instance.customers[1].address (customer b): holds the invisible control character U+0000: remove it (retype the text where it was pasted)',
      ],
    });
    expect((await app.call('instances:list', {})).length).toBe(before);
    // Letters of every script stay, and so do the marks right-to-left text needs.
    const kept = await app.call('instances:save', { instance: tinyInstance('Bäckerei שלום\u200F') });
    expect(kept.instance.name).toBe('Bäckerei שלום\u200F');
    // An address broken over two lines (a spreadsheet cell) is kept, and the day's CSV export reads back with it; an id
    // may not break its line.
    const twoLines = tinyInstance('two lines');
    twoLines.customers[0] = { ...twoLines.customers[0], address: 'Hauptstr. 1\n10115 Berlin' };
    const saved = await app.call('instances:save', { instance: twoLines });
    const { text } = await app.call('instances:exportCsv', { id: saved.id });
    const back = await app.call('instances:importCsv', { fileName: 'two-lines.csv', text, capacity: twoLines.capacity });
    expect(back.instance.customers[0].address).toBe('Hauptstr. 1\n10115 Berlin');
    const brokenId = { ...twoLines, customers: [{ ...twoLines.customers[0], id: 'a\nb' }] };
    expect((await app.fail('instances:save', { instance: brokenId })).details).toEqual([
      'instance.customers[0].id (customer a\nb): holds the invisible control character U+000A: remove it (retype the text where it was pasted)',
    ]);
  });
});

describe('hand edits', () => {
  it("are refused as edits of another instance's plan, by the check and by the save, and nothing is stored", async () => {
    const other = await app.call('instances:save', { instance: tinyInstance('other day') });
    const theirs = await app.call('plans:saveEdited', { instanceId: other.id, variant: { name: 'tw1' }, routes });
    const edit = { instanceId: day.id, variant: { name: 'tw1' }, routes, fromPlan: theirs.id } as const;
    const refusal = {
      kind: 'input',
      message: `plan ${theirs.id} is a plan of “other day”, not of “day”: fromPlan names the plan of this instance that the routes are edits of`,
    };
    const before = await planCount(day.id);
    expect(await app.fail('plans:check', edit)).toEqual(refusal);
    expect(await app.fail('plans:saveEdited', edit)).toEqual(refusal);
    expect(await planCount(day.id)).toBe(before);
    // An edit of this instance's own plan is checked and saved as before.
    const own = await app.call('plans:saveEdited', { ...edit, fromPlan: undefined });
    expect((await app.call('plans:saveEdited', { ...edit, fromPlan: own.id })).editedFrom).toBe(own.id);
  });

  it('naming customers the instance never had are refused, by the save and the export, naming a few and counting the rest', async () => {
    const edited = await app.call('plans:saveEdited', { instanceId: day.id, variant: { name: 'tw1' }, routes });
    const before = await planCount(day.id);
    const strays = ['NOPE', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6'];
    const request = { instanceId: day.id, variant: { name: 'tw1' }, routes: [...routes, strays], fromPlan: edited.id };
    const refusal = {
      kind: 'input',
      message: `the edited routes name 7 customers NOPE, x1, x2, x3, x4 and 2 more: “day” has no such customer, nor had plan ${edited.id}; take them off the routes`,
    };
    expect(await app.fail('plans:saveEdited', request)).toEqual(refusal);
    expect(await app.fail('plans:export', { id: edited.id, format: 'csv', routes: request.routes })).toEqual(refusal);
    // An id longer than any instance's is refused by the request's schema, as an instance's own ids are.
    const long = await app.fail('plans:saveEdited', { ...request, routes: [...routes, ['x'.repeat(100_000)]] });
    expect(long).toMatchObject({
      kind: 'input',
      details: [expect.stringMatching(/is longer than 100 characters.*: an id may have at most 100; shorten it/)],
    });
    expect(await planCount(day.id)).toBe(before);
  });

  it('drop, as before, a customer deleted from the instance since the plan they are edits of', async () => {
    const shrinking = await app.call('instances:save', { instance: tinyInstance('shrinking day') });
    const plan = await app.call('plans:saveEdited', { instanceId: shrinking.id, variant: { name: 'tw1' }, routes });
    const withoutE = { ...tinyInstance('shrinking day'), customers: tinyInstance().customers.filter((c) => c.id !== 'e') };
    await app.call('instances:save', { id: shrinking.id, basedOn: shrinking.updatedAt, instance: withoutE });
    const saved = await app.call('plans:saveEdited', { instanceId: shrinking.id, variant: { name: 'tw1' }, routes, fromPlan: plan.id });
    expect(saved.routes).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('a model asked for by id', () => {
  it("that does not fit the plan, by kind or by policy, is the request's mistake: an input error, and nothing is planned", async () => {
    const root = join(app.dir, 'own-models');
    const tw1 = registerModel(app.store, await saveTinyModel(root, 'jampr', 'tw1', 10), false);
    const am = registerModel(app.store, await saveTinyModel(root, 'am', 'tw2', 10), false);
    const before = await planCount(day.id);
    const plan = { instanceId: day.id, method: 'jampr', decode: 'greedy' } as const;
    expect(await app.fail('plans:create', { ...plan, variant: { name: 'tw2' }, modelId: tw1.id })).toEqual({
      kind: 'input',
      message: 'model jampr-tw1-n10 was trained for tw1, not tw2: choose a model trained for tw2, or the policy tw1',
    });
    expect(await app.fail('plans:create', { ...plan, variant: { name: 'tw2' }, modelId: am.id })).toEqual({
      kind: 'input',
      message: 'model am-tw2-n10 is an am model, not jampr: choose a jampr model, or the method am',
    });
    expect(await planCount(day.id)).toBe(before);
  });
});

describe('a comparison with a model asked for by id', () => {
  it("that fits one side's policy only is refused before either side is planned, naming the other side's mismatch", async () => {
    const tw1 = registerModel(app.store, await saveTinyModel(join(app.dir, 'compare-models'), 'jampr', 'tw1', 11), false);
    const before = await planCount(day.id);
    app.events.length = 0;
    const request = {
      instanceId: day.id,
      method: 'jampr',
      decode: 'greedy',
      modelId: tw1.id,
      a: { name: 'tw1' },
      b: { name: 'tw2' },
    } as const;
    expect(await app.fail('compare:variants', request)).toEqual({
      kind: 'input',
      message: 'model jampr-tw1-n11 was trained for tw1, not tw2: choose a model trained for tw2, or the policy tw1',
    });
    // Side A was not planned first and thrown away: no progress of it was reported.
    expect(app.events.filter((e) => e.event === 'plan:progress')).toEqual([]);
    expect(await planCount(day.id)).toBe(before);
  });
});

describe("a training run's start model", () => {
  it('of another method or policy, or given with fromScratch, is refused before the run starts', async () => {
    const root = join(app.dir, 'start-models');
    const am = registerModel(app.store, await saveTinyModel(root, 'am', 'tw1', 10), false);
    const tw2 = registerModel(app.store, await saveTinyModel(root, 'jampr', 'tw2', 10), false);
    const fits = registerModel(app.store, await saveTinyModel(root, 'jampr', 'tw1', 12), false);
    const run = { variant: 'tw1', size: 10, instanceIds: [], minutes: 1 } as const;
    expect(await app.fail('training:start', { ...run, fromModelId: am.id })).toEqual({
      kind: 'input',
      message: 'model am-tw1-n10 is an am model, not jampr: choose a jampr model, or the method am',
    });
    expect(await app.fail('training:start', { ...run, fromModelId: tw2.id })).toEqual({
      kind: 'input',
      message: 'model jampr-tw2-n10 was trained for tw2, not tw1: choose a model trained for tw1, or the policy tw2',
    });
    expect(await app.fail('training:start', { ...run, fromModelId: fits.id, fromScratch: true })).toMatchObject({
      kind: 'input',
      details: [
        'the request gives both fromScratch and fromModelId: a run starts from untrained weights or from a model, not both; drop one',
      ],
    });
    expect(await app.call('training:list', {})).toEqual([]);
  });
});

describe('the CSV export of an unsaved instance', () => {
  it('is refused with the rules it breaks, as a save would be: its file would not import', async () => {
    const broken = { ...day.instance, customers: day.instance.customers.map((c) => (c.id === 'a' ? { ...c, ready: 300, due: 200 } : c)) };
    expect(await app.fail('instances:exportCsv', { id: day.id, instance: broken })).toEqual({
      kind: 'input',
      message:
        '“day” breaks the rules of an instance, so its CSV file would not import: fix them first\n  - ready time 300 is after due time 200 for customer a',
      details: ['ready time 300 is after due time 200 for customer a'],
    });
    // A valid unsaved version is exported as it is, to a file that imports.
    const shown = { ...day.instance, vehicles: 2 };
    const file = await app.call('instances:exportCsv', { id: day.id, instance: shown });
    const again = await app.call('instances:previewCsv', { fileName: file.fileName, text: file.text, capacity: 30, vehicles: 2 });
    expect(again.instance.customers).toEqual(shown.customers);
  });
});

describe('driver sheets as a PDF', () => {
  it('refuse a field the request does not know, as every call does', async () => {
    const { document } = oneStopSheets();
    // A misspelled optional field ("warning" for warnings) would print sheets without the warnings asked for.
    expect(await app.fail('sheets:pdf', { ...document, warning: ['out of date'] })).toMatchObject({
      kind: 'input',
      details: [expect.stringMatching(/warning/)],
    });
    expect((await app.call('sheets:pdf', { ...document, warnings: ['out of date'] })).fileName).toMatch(/\.pdf$/);
  });

  it('refuse a field they do not know inside a sheet, a row, a path point or a not-served entry, naming where', async () => {
    const good = { ...oneStopSheets().document, notServed: [{ id: 'b', name: 'Bakery', reason: 'no vehicle has room' }] };
    expect((await app.call('sheets:pdf', good)).fileName).toMatch(/\.pdf$/);
    const [sheet] = good.sheets;
    const misspelt = [
      [{ ...good, sheets: [{ ...sheet, warning: 'late' }] }, /warning is not a field of .*sheets\[0\]/],
      [{ ...good, sheets: [{ ...sheet, rows: [{ ...sheet.rows[0], lat: 5 }] }] }, /lat is not a field of .*sheets\[0\]\.rows\[0\]/],
      [{ ...good, sheets: [{ ...sheet, path: [{ ...sheet.path[0], lon: 5 }] }] }, /lon is not a field of .*sheets\[0\]\.path\[0\]/],
      [{ ...good, notServed: [{ ...good.notServed[0], reasn: 'x' }] }, /reasn is not a field of .*notServed\[0\]/],
    ] as const;
    for (const [request, detail] of misspelt) {
      expect(await app.fail('sheets:pdf', request)).toMatchObject({ kind: 'input', details: [expect.stringMatching(detail)] });
    }
  });
});

describe('driver sheets as a PDF, their texts', () => {
  it("are refused with a control character or a right-to-left override, as an instance's are, naming each", async () => {
    const { row, sheet, document } = oneStopSheets({ place: 'Hauptstr. 1\n10115 Berlin' });
    // An address over two lines prints as two lines, as the instance keeps it.
    expect((await app.call('sheets:pdf', document)).fileName).toMatch(/\.pdf$/);
    const bad = {
      ...document,
      instanceName: 'd\u0000ay',
      sheets: [{ ...sheet, rows: [{ ...row, name: 'B\u202Eckerei', id: 'a\tb' }] }],
      notServed: [{ id: 'b', name: 'Bakery', reason: 'no room\u0007' }],
    };
    const refusal = await app.fail('sheets:pdf', bad);
    expect(refusal.kind).toBe('input');
    expect(refusal.details).toEqual([
      expect.stringMatching(/^instanceName.*holds the invisible control character U\+0000: remove it/),
      expect.stringMatching(/^sheets\[0\]\.rows\[0\]\.id.*holds the invisible control character U\+0009: remove it/),
      expect.stringMatching(/^sheets\[0\]\.rows\[0\]\.name.*holds the invisible control character U\+202E: remove it/),
      expect.stringMatching(/^notServed\[0\]\.reason.*holds the invisible control character U\+0007: remove it/),
    ]);
  });
});

describe('the file name of a CSV import', () => {
  it('is refused over 255 characters as the file name, not as the instance name, and shown only in part', async () => {
    const before = (await app.call('instances:list', {})).length;
    const refusal = await app.fail('instances:importCsv', {
      fileName: `${'f'.repeat(10_000)}.csv`,
      text: TINY_CSV,
      vehicles: 3,
      capacity: 30,
    });
    expect(refusal).toMatchObject({
      kind: 'input',
      details: [`fileName '${'f'.repeat(40)}…' is longer than 255 characters, the most a file name may have: rename the file`],
    });
    expect((await app.call('instances:list', {})).length).toBe(before);
    // Within the limit, a message naming the file shows its start only.
    const long = `${'g'.repeat(250)}.csv`;
    const preview = await app.call('instances:previewCsv', { fileName: long, text: TINY_CSV, vehicles: 3, capacity: 30, speedKmh: 40 });
    expect(preview.warnings).toContain(
      `the travel speed 40 km/h is not used: it applies to lat/lon files only, and ${'g'.repeat(40)}… has x/y positions, whose distance is the travel time`,
    );
    expect((await app.fail('instances:previewCsv', { fileName: long, text: 'id,x\n', vehicles: 3, capacity: 30 })).message).toMatch(
      new RegExp(`^CSV ${'g'.repeat(40)}… `),
    );
  });
});

describe('a travel speed sent with an x/y file', () => {
  it('is said not to be used, as it applies to lat/lon files only; the file still reads', async () => {
    const request = { fileName: 'plane.csv', text: TINY_CSV, vehicles: 3, capacity: 30 };
    const unused =
      'the travel speed 40 km/h is not used: it applies to lat/lon files only, and plane.csv has x/y positions, whose distance is the travel time';
    const preview = await app.call('instances:previewCsv', { ...request, speedKmh: 40 });
    expect(preview.warnings).toContain(unused);
    expect(preview.instance.coordinates).toBeUndefined();
    expect((await app.call('instances:previewCsv', request)).warnings).not.toContain(unused);
  });
});
