import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkModelFolder } from '../../src/main/jampr/checkpoint-files.js';
import { writeInstanceCsv } from '../../src/main/vrp/io/csv-write.js';
import { parseInstanceText, type InstanceFormat } from '../../src/main/vrp/io/index.js';
import { writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { writeSolomon } from '../../src/main/vrp/io/solomon.js';
import { validateInstance } from '../../src/main/vrp/validate.js';
import { CALL_NAMES, type CallName } from '../../src/shared/api.js';
import { AppError } from '../../src/shared/errors.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { saveTinyModel } from '../unit/jampr/fixtures.js';
import { oneStopSheets } from './fixtures/sheets.js';
import { tinyInstance } from './fixtures/tiny.js';

/**
 * Property-based fuzzing with a fixed seed (a failure prints the seed and path to replay it): the three instance
 * readers and every API call get random and mutated valid input. Whatever arrives, the answer is a valid result
 * or an error of a user-facing kind; an internal error (a crash) fails the run. Per run: 1,000 readers' cases, 200 model folders and 1,000 API calls.
 */
const SEED = 20_261_126;
const options = (numRuns: number) => ({ seed: SEED, numRuns });
/** Small edits of a valid text: cut, duplicate, splice in odd characters, numbers or formula-like cells. */
const nasty = fc.constantFrom(
  '',
  ',',
  ';',
  '"',
  '\n',
  '\r\n',
  '\t',
  '-',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '=1+1',
  '%',
  '\u0000',
  '\uFEFF',
  '99999999999999999999',
  '12:60',
);
function mutated(valid: string): fc.Arbitrary<string> {
  const edit = fc.record({ at: fc.nat(valid.length), cut: fc.nat(12), insert: fc.oneof(nasty, fc.string({ maxLength: 8 })) });
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) =>
    edits.reduce((text, e) => {
      const at = Math.min(e.at, text.length);
      return text.slice(0, at) + e.insert + text.slice(at + e.cut);
    }, valid),
  );
}

/** A small VRPTW file in the VRPLIB layout (depot node 1, two customers). */
const TINY_VRPLIB = [
  'NAME : tiny',
  'TYPE : VRPTW',
  'DIMENSION : 3',
  'VEHICLES : 3',
  'CAPACITY : 30',
  'SERVICE_TIME : 5',
  'EDGE_WEIGHT_TYPE : EUC_2D',
  'NODE_COORD_SECTION',
  '1 0 0',
  '2 3 4',
  '3 -1 2.5',
  'DEMAND_SECTION',
  '1 0',
  '2 4',
  '3 6',
  'TIME_WINDOW_SECTION',
  '1 0 100',
  '2 10 20',
  '3 0 50',
  'DEPOT_SECTION',
  '1',
  '-1',
  'EOF',
].join('\n');

/** A reader's answer is a valid instance or an input error. */
function readsOrRefuses(text: string, format: InstanceFormat): void {
  try {
    const instance = parseInstanceText(text, format, { capacity: 30, vehicles: 3, speedKmh: 30 });
    expect(validateInstance(instance)).toEqual([]);
  } catch (err) {
    if (!(err instanceof AppError) || err.kind !== 'input') throw err;
  }
}

describe('the instance readers under fuzzing', () => {
  const valid: Record<InstanceFormat, string> = {
    csv: writeInstanceCsv(tinyInstance()),
    json: writeInstanceJson(tinyInstance()),
    jsonl: `${writeInstanceJson(tinyInstance())}\n`,
    solomon: writeSolomon(tinyInstance()),
    vrplib: TINY_VRPLIB,
  };
  for (const format of ['csv', 'json', 'jsonl', 'solomon', 'vrplib'] as const) {
    it(`${format}: mutated valid files and random text are read or refused as input errors`, () => {
      fc.assert(
        fc.property(
          fc.oneof({ weight: 4, arbitrary: mutated(valid[format]) }, { weight: 1, arbitrary: fc.string({ maxLength: 200 }) }),
          (text) => readsOrRefuses(text, format),
        ),
        options(300),
      );
    });
  }
  it('json: any JSON value is read or refused as an input error', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => readsOrRefuses(JSON.stringify(value), 'json')),
      options(100),
    );
  });
});

describe('model folders under fuzzing', () => {
  it('a mutated model.json or card.json is accepted or refused as a model error, never a crash', async () => {
    const dir = await saveTinyModel(mkdtempSync(join(tmpdir(), 'jampr-fuzz-model-')), 'jampr', 'tw1', 6);
    const original = { model: readFileSync(join(dir, 'model.json'), 'utf8'), card: readFileSync(join(dir, 'card.json'), 'utf8') };
    fc.assert(
      fc.property(fc.constantFrom('model' as const, 'card' as const), fc.integer({ min: 0, max: 1_000_000 }), (file, seed) => {
        const [text] = fc.sample(mutated(original[file]), { seed, numRuns: 1 });
        writeFileSync(join(dir, `${file}.json`), text);
        try {
          checkModelFolder(dir);
        } catch (err) {
          if (!(err instanceof AppError) || err.kind !== 'model') throw err;
        } finally {
          writeFileSync(join(dir, `${file}.json`), original[file]);
        }
      }),
      options(200),
    );
  });
});

/** A valid request per call, against the fixture's stored instance and plan, to mutate from. */
function validRequests(instanceId: number, planId: number): Record<CallName, unknown> {
  const variant = { name: 'tw2' };
  return {
    'app:info': {},
    'instances:list': {},
    'instances:changes': { since: 0 },
    'instances:get': { id: instanceId },
    'instances:save': { instance: tinyInstance('fuzzed') },
    'instances:delete': { id: 999_999 },
    'instances:previewCsv': { fileName: 'f.csv', text: writeInstanceCsv(tinyInstance()), capacity: 30 },
    'instances:importCsv': { fileName: 'f.csv', text: writeInstanceCsv(tinyInstance()), capacity: 30 },
    'instances:exportCsv': { id: instanceId },
    'instances:validate': { instance: tinyInstance() },
    'plans:create': { instanceId, variant, method: 'classical', timeLimitSec: 0.1 },
    'plans:cancel': {},
    'plans:list': { instanceId },
    'plans:get': { id: planId },
    'plans:delete': { id: 999_999 },
    'plans:check': {
      instanceId,
      variant,
      routes: [
        ['a', 'b'],
        ['c', 'd', 'e'],
      ],
    },
    'plans:saveEdited': {
      instanceId,
      variant,
      routes: [
        ['a', 'b'],
        ['c', 'd', 'e'],
      ],
    },
    'plans:keep': {
      instanceId,
      id: planId,
      plan: {
        variant,
        method: 'random',
        modelName: null,
        routes: [
          ['a', 'b'],
          ['c', 'd', 'e'],
        ],
        seconds: 0.1,
      },
      madeOn: tinyInstance(),
    },
    'plans:export': { id: planId, format: 'csv' },
    'sheets:pdf': oneStopSheets().document,
    'compare:variants': { instanceId, a: { name: 'tw1' }, b: { name: 'tw3' }, method: 'random', samples: 5 },
    'compare:latest': { instanceId },
    'models:list': {},
    'models:activate': { id: 1 },
    'models:import': { folder: '/nonexistent/model' },
    'training:start': { variant: 'tw1', size: 5, instanceIds: [], minutes: 0.5 },
    'training:cancel': { id: 1 },
    'training:status': { id: 1 },
    'training:list': {},
  } as Record<CallName, unknown>;
}

/** Replaces one value somewhere in a request by something random, or drops or adds a field. */
function mutateRequest(valid: unknown): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom(null, undefined, -1, 0, 1e308, -1e308, Number.NaN, 600, 1e9, '', 'tw9', '../..', '%zz', '\u0000', true, [], {}),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 12 }),
  );
  const change = (value: unknown, path: number[], replacement: unknown): unknown => {
    if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return replacement;
    const [key, child] = entries[path[0] % entries.length];
    const next = change(child, path.slice(1), replacement);
    return Array.isArray(value) ? Object.assign([...value], { [key]: next }) : { ...(value as object), [key]: next };
  };
  return fc.tuple(fc.array(fc.nat(), { maxLength: 4 }), leaf).map(([path, replacement]) => change(valid, path, replacement));
}

/** Kinds of error a user may see; 'internal' is a defect. */
const USER_FACING = ['input', 'model', 'storage', 'cancelled', 'busy'];

describe('every API call under fuzzing', () => {
  let app: TestApp;
  let requests: Record<CallName, unknown>;
  beforeAll(async () => {
    app = createTestApp();
    const { id: instanceId } = await app.call('instances:save', { instance: tinyInstance() });
    const plan = await app.call('plans:create', { instanceId, variant: { name: 'tw2' }, method: 'random', samples: 5 });
    requests = validRequests(instanceId, plan.id);
  });
  afterAll(() => app.close());

  /** Calls, and stops any plan or training the call started so the next case starts clean. */
  async function answer(name: CallName, request: unknown) {
    const pending = app.services.handlers[name](request);
    const stopper = setTimeout(() => void app.services.handlers['plans:cancel']({}), 100);
    const result = await pending;
    clearTimeout(stopper);
    if (name === 'training:start' && result.ok) await app.services.handlers['training:cancel']({ id: (result.value as { id: number }).id });
    return result;
  }

  it('answers random and mutated valid requests for every call with a value or a user-facing error', async () => {
    const outcomes = new Map<string, number>();
    const call = fc.constantFrom(...CALL_NAMES);
    const caseOf = call.chain((name) =>
      fc.tuple(
        fc.constant(name),
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(requests[name]) },
          { weight: 3, arbitrary: mutateRequest(requests[name]) },
          { weight: 1, arbitrary: fc.anything() },
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(caseOf, async ([name, request]) => {
        const result = await answer(name, request);
        const kind = result.ok ? 'ok' : result.error.kind;
        outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
        if (!result.ok) expect(USER_FACING, `${name} ${JSON.stringify(request)}: ${result.error.message}`).toContain(result.error.kind);
      }),
      options(1_000),
    );
    // The mutations reach past validation: calls succeed as well as fail.
    expect(outcomes.get('ok')).toBeGreaterThan(100);
    expect(outcomes.get('input')).toBeGreaterThan(100);
  });

  it('scores a check-mode route of 200,000 stops without running out of stack', async () => {
    const route = Array.from({ length: 200_000 }, (_, i) => 'abcde'[i % 5]);
    const result = await app.services.handlers['plans:check']({ ...(requests['plans:check'] as object), routes: [route] });
    expect(result.ok && result.value.violations.some((v) => v.kind === 'duplicate-visit')).toBe(true);
  });
});
