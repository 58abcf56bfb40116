import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

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
    });
    expect(await names()).toEqual(['kept']);
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
