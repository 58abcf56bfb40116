import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { MAX_ID_CHARS, MAX_TEXT_CHARS } from '../../src/shared/limits.js';
import { TINY_CSV, tinyInstance } from './fixtures/tiny.js';

/** What instances:save refuses, and in which words, against a real database file; a refused save stores nothing. */
let app: TestApp;
beforeAll(() => {
  app = createTestApp(inProcessRunner());
});
afterAll(() => app.close());

const names = async () => (await app.call('instances:list', {})).map((i) => i.name);

describe('a save to an id', () => {
  it('that no instance ever had says so and how to store a new one; one deleted since is still said to be deleted elsewhere', async () => {
    const kept = await app.call('instances:save', { instance: tinyInstance('kept') });
    const never = kept.id + 1000;
    expect(await app.fail('instances:save', { id: never, instance: tinyInstance('typo') })).toEqual({
      kind: 'input',
      message: `there is no instance with id ${never}, and there never was: to store “typo” as a new instance, save it without an id; nothing was saved`,
    });
    const gone = await app.call('instances:save', { instance: tinyInstance('gone') });
    await app.call('instances:delete', { id: gone.id });
    expect(await app.fail('instances:save', { id: gone.id, instance: gone.instance })).toEqual({
      kind: 'conflict',
      message: '“gone” was deleted elsewhere after it was opened here; nothing was saved',
      // Gone, not saved over: the window that asks to keep its version as a new day says which.
      missing: { what: 'day', id: gone.id, words: '“gone”' },
    });
    expect(await names()).toEqual(['kept']);
  });
});

describe('a delete of an id', () => {
  it('that no instance ever had is refused as a get of it is; one deleted since answers deleted: false, as a delete repeated', async () => {
    const kept = await app.call('instances:save', { instance: tinyInstance('kept too') });
    const never = kept.id + 1000;
    const refusal = {
      kind: 'input',
      message: `there is no instance with id ${never}, and there never was: nothing was deleted`,
    };
    expect(await app.fail('instances:delete', { id: never })).toEqual(refusal);
    expect(await app.fail('instances:get', { id: never })).toMatchObject({ kind: 'input' });
    const gone = await app.call('instances:save', { instance: tinyInstance('gone again') });
    await app.call('plans:saveEdited', { instanceId: gone.id, variant: { name: 'tw1' }, routes: [['a', 'b', 'c', 'd', 'e']] });
    expect(await app.call('instances:delete', { id: gone.id })).toEqual({ deleted: true, plans: 1 });
    expect(await app.call('instances:delete', { id: gone.id })).toEqual({ deleted: false, plans: 0 });
    expect(await names()).toContain('kept too');
  });
});

describe('a save with basedOn', () => {
  it('but no id is refused, as basedOn names a version of a stored instance; nothing is stored', async () => {
    const before = await names();
    const stored = await app.call('instances:save', { instance: tinyInstance('based') });
    expect(await app.fail('instances:save', { basedOn: stored.updatedAt, instance: { ...stored.instance, vehicles: 2 } })).toEqual({
      kind: 'input',
      message: expect.stringMatching(/^some values are not valid/),
      details: [
        "the request gives basedOn without id: basedOn is the version of a stored instance the edits start from, so it comes with that instance's id; give the id to update it, or drop basedOn to store a new instance",
      ],
    });
    expect(await names()).toEqual(['based', ...before]);
    expect((await app.call('instances:get', { id: stored.id })).instance.vehicles).toBe(3);
  });
});

describe('a basedOn that is not a timestamp the store writes', () => {
  it("is refused as the request's mistake (400), naming basedOn, by a save and a plan; nothing is stored or planned", async () => {
    const stored = await app.call('instances:save', { instance: tinyInstance('yesterday') });
    const refusal = {
      kind: 'input',
      details: [
        "basedOn 'yesterday' is not an instance's updatedAt (a timestamp such as 2026-03-02T08:15:00.000Z): send the updatedAt the instance was read with, or leave basedOn out",
      ],
    };
    expect(
      await app.fail('instances:save', { id: stored.id, basedOn: 'yesterday', instance: { ...stored.instance, vehicles: 2 } }),
    ).toMatchObject(refusal);
    const plan = { instanceId: stored.id, variant: { name: 'tw1' }, method: 'classical', timeLimitSec: 0.1, basedOn: 'yesterday' };
    expect(await app.fail('plans:create', plan)).toMatchObject(refusal);
    expect((await app.call('instances:get', { id: stored.id })).instance.vehicles).toBe(3);
    expect(await app.call('plans:list', { instanceId: stored.id })).toEqual([]);
    // The stamp the store wrote is still taken.
    expect((await app.call('instances:save', { id: stored.id, basedOn: stored.updatedAt, instance: stored.instance })).id).toBe(stored.id);
  });
});

describe('a field an instance does not know', () => {
  const day = tinyInstance('misspelt');
  const unknown = (at: string, owner: string) =>
    `${at.split('.').at(-1)} is not a field of ${owner} (at ${at}): it would be ignored; check its spelling, or leave it out`;

  it("is refused by a save, named with its path, wherever it is: a customer's, the depot's, the instance's own", async () => {
    const before = await names();
    const sent = {
      ...day,
      colour: 'red',
      depot: { ...day.depot, openWithShift: true },
      customers: day.customers.map((c, i) => (i === 1 ? { ...c, openWithShift: true } : c)),
    };
    expect(await app.fail('instances:save', { instance: sent })).toMatchObject({
      kind: 'input',
      details: [
        unknown('instance.depot.openWithShift', 'depot DEP'),
        unknown('instance.customers[1].openWithShift', 'customer b'),
        unknown('instance.colour', 'the instance'),
      ],
    });
    expect(await names()).toEqual(before);
  });

  it("is a problem the editor's check lists, beside the rules the customer's other fields break", async () => {
    const sent = { ...day, customers: day.customers.map((c, i) => (i === 0 ? { ...c, openWithShift: true, ready: 300, due: 200 } : c)) };
    expect((await app.call('instances:validate', { instance: sent })).problems).toEqual([
      unknown('customers[0].openWithShift', 'customer a'),
      'ready time 300 is after due time 200 for customer a',
    ]);
  });

  it("is refused in the editor's unsaved version sent for a CSV export", async () => {
    const stored = await app.call('instances:save', { instance: day });
    const shown = { ...day, depot: { ...day.depot, adress: 'Hauptstraße 1' } };
    expect(await app.fail('instances:exportCsv', { id: stored.id, instance: shown })).toMatchObject({
      kind: 'input',
      details: [unknown('instance.depot.adress', 'depot DEP')],
    });
  });
});

describe('the texts of an instance', () => {
  const day = tinyInstance('texts');
  const withCustomer = (fields: object) => ({ ...day, customers: day.customers.map((c, i) => (i === 0 ? { ...c, ...fields } : c)) });

  it('are refused by a save over their limits, the long text shown only by its start; at the limits they save', async () => {
    const before = await names();
    const megabyte = 'N'.repeat(1024 * 1024);
    const refused = await app.fail('instances:save', {
      instance: {
        ...withCustomer({ address: 'a'.repeat(MAX_TEXT_CHARS + 1) }),
        name: megabyte,
        depot: { ...day.depot, id: 'D'.repeat(MAX_ID_CHARS + 1) },
      },
    });
    expect(refused).toMatchObject({ kind: 'input' });
    expect(refused.details).toEqual([
      `instance name '${'N'.repeat(40)}…' is longer than 500 characters: an instance's name may have at most 500; shorten it`,
      `id '${'D'.repeat(40)}…' is longer than 100 characters for the depot: an id may have at most 100; shorten it`,
      `address '${'a'.repeat(40)}…' is longer than 500 characters for customer a: a name or an address may have at most 500; shorten it`,
    ]);
    expect(await names()).toEqual(before);
    const atLimits = {
      ...withCustomer({ id: 'i'.repeat(MAX_ID_CHARS), name: 'n'.repeat(MAX_TEXT_CHARS) }),
      name: 'x'.repeat(MAX_TEXT_CHARS),
    };
    expect((await app.call('instances:save', { instance: atLimits })).instance).toEqual(atLimits);
  });

  it('longer in a day stored before the limits leave it readable and its plans checked; only its next save asks to shorten them', async () => {
    const long = { ...withCustomer({ name: 'n'.repeat(MAX_TEXT_CHARS + 1) }), name: 'old day' };
    const stored = app.store.instances.insert(long, null);
    expect((await app.call('instances:get', { id: stored.id })).instance).toEqual(long);
    const routes = [
      ['a', 'b'],
      ['c', 'd', 'e'],
    ];
    expect((await app.call('plans:check', { instanceId: stored.id, variant: { name: 'tw3' }, routes })).feasible).toBe(true);
    expect((await app.fail('instances:save', { id: stored.id, instance: long })).details).toEqual([
      `name '${'n'.repeat(40)}…' is longer than 500 characters for customer a: a name or an address may have at most 500; shorten it`,
    ]);
  });

  it('over their limits in a CSV file are refused by its preview, on their rows', async () => {
    const text = TINY_CSV.replace('\nb,', `\n${'b'.repeat(MAX_ID_CHARS + 1)},`);
    expect(await app.fail('instances:previewCsv', { fileName: 'long.csv', text, vehicles: 3, capacity: 30 })).toMatchObject({
      kind: 'input',
      details: [`row 4: id '${'b'.repeat(40)}…' is longer than 100 characters for customer #2: an id may have at most 100; shorten it`],
    });
  });
});

describe('names and addresses with spaces at their ends', () => {
  it('are stored trimmed, as the CSV import reads them, so that the day’s CSV export imports back equal', async () => {
    const day = tinyInstance('spaced');
    day.depot = { ...day.depot, name: ' Depot Nord\t' };
    day.customers[0] = { ...day.customers[0], name: '  Bäckerei Huber ', address: ' Hauptstr. 1\n10115 Berlin\n' };
    // Spaces alone are no name: stored as none, as the import reads a blank cell.
    day.customers[1] = { ...day.customers[1], name: '   ', address: 'Marktplatz 3' };
    const saved = await app.call('instances:save', { instance: day });
    expect(saved.instance.depot.name).toBe('Depot Nord');
    expect(saved.instance.customers[0]).toMatchObject({ name: 'Bäckerei Huber', address: 'Hauptstr. 1\n10115 Berlin' });
    expect(saved.instance.customers[1].name).toBeUndefined();
    expect((await app.call('instances:get', { id: saved.id })).instance).toEqual(saved.instance);

    const { text } = await app.call('instances:exportCsv', { id: saved.id });
    const back = await app.call('instances:importCsv', { fileName: 'spaced.csv', text, capacity: day.capacity, vehicles: day.vehicles });
    expect({ ...back.instance, name: saved.instance.name }).toEqual(saved.instance);
  });

  it("the day's own name too, however it is saved: a new day, a rename, a copy, an import", async () => {
    const made = await app.call('instances:save', { instance: tinyInstance('  Monday north\t') });
    expect(made.instance.name).toBe('Monday north');
    const renamed = await app.call('instances:save', {
      id: made.id,
      basedOn: made.updatedAt,
      instance: { ...made.instance, name: ' Monday north, late shift ' },
    });
    expect(renamed.instance.name).toBe('Monday north, late shift');
    const copy = await app.call('instances:save', { instance: { ...renamed.instance, name: '\nMonday north (copy) ' } });
    expect(copy.instance.name).toBe('Monday north (copy)');
    const preview = await app.call('instances:previewCsv', { fileName: ' Tuesday .csv', text: TINY_CSV, vehicles: 3, capacity: 30 });
    expect(preview.instance.name).toBe('Tuesday');
    const imported = await app.call('instances:importCsv', { fileName: ' Tuesday .csv', text: TINY_CSV, vehicles: 3, capacity: 30 });
    expect(imported.instance.name).toBe('Tuesday');
    // As listed and as read back, not only as answered.
    for (const { id, instance } of [renamed, copy, imported]) {
      expect((await app.call('instances:get', { id })).instance.name).toBe(instance.name);
      expect((await app.call('instances:list', {})).find((s) => s.id === id)?.name).toBe(instance.name);
    }
    // Spaces alone are still no name.
    expect((await app.fail('instances:save', { instance: tinyInstance('   ') })).details).toEqual([
      "instance name '   ' is empty: give the instance a name",
    ]);
  });
});
