import { join } from 'node:path';
import { checkModelFolder } from '../../main/jampr/checkpoint-files.js';
import { defaultModelsRoot, findDefaultModel } from '../../main/jampr/model-catalog.js';
import { generateInstances } from '../../main/vrp/generate.js';
import { buildProblem } from '../../main/vrp/validate.js';
import type { Problem } from '../../main/vrp/problem.js';
import { latenessPrice, type MethodName, type Variant } from '../../shared/domain.js';
import { modelMismatch } from '../../shared/model-choice.js';
import {
  type Effort,
  FIELD_METHODS,
  isMethodChoice,
  type MethodChoice,
  METHOD_OPTIONS,
  methodOption,
  methodRequest,
} from '../../shared/methods.js';
import {
  BENCH_DEFAULTS,
  EFFORT_FLAG_BOUNDS,
  FIRST_FLAG_BOUNDS,
  numberFlag,
  optionalNumberFlag,
  parseFlags,
  SEED_FLAG_BOUNDS,
  variantFlags,
  variantFromFlags,
} from '../args.js';
import { instanceFlags, loadProblem } from '../load.js';
import { type BenchAt, benchRow, loadNote, type RowOptions, warmUp } from '../bench-rows.js';
import { withPlanThread } from '../plan-thread.js';
import { usageError } from '../usage.js';

/** What the table's figures are, said under its title (as bench's --help says). */
const MEANS_NOTE =
  "cost, k and dist: means over each method's feasible plans only; infeasible: the plans left out of them (a broken rule, or a customer left unserved that some plan could serve); t: over every plan";

/** Two decimals; a mean over no plan (none feasible) is a dash. */
const f2 = (v: number | null) => (v === null ? '–' : v.toFixed(2));

/**
 * `--speed` alone asks for the speed figures; followed by a value (bench takes no arguments of its own, so a word after
 * it can only be one) it is the travel speed of lat/lon --solomon files, as `jampr plan` reads it.
 */
function speedFigures(argv: string[]): { figures: boolean; rest: string[] } {
  const at = argv.findIndex((arg, k) => arg === '--speed' && (argv[k + 1] === undefined || argv[k + 1].startsWith('--')));
  return at < 0 ? { figures: false, rest: argv } : { figures: true, rest: argv.filter((_, k) => k !== at) };
}

/** What `--speed` alone (the speed figures) reads. */
const SPEED_FIGURE_FLAGS = ['gap-instances', 'gap-seconds', 'model'];

export async function run(argv: string[]): Promise<void> {
  const { figures, rest } = speedFigures(argv);
  const { values } = parseFlags('bench', rest, {
    ...variantFlags,
    // The fleet flags of a customer CSV (and --first), read by plan's own loader: one set of rules.
    ...instanceFlags,
    size: { type: 'string' },
    count: { type: 'string' },
    seed: { type: 'string' },
    methods: { type: 'string', default: BENCH_DEFAULTS.methods },
    'time-limit': { type: 'string' },
    samples: { type: 'string' },
    improve: { type: 'string' },
    model: { type: 'string' },
    solomon: { type: 'string' },
    'gap-instances': { type: 'string' },
    'gap-seconds': { type: 'string' },
  });
  if (figures) {
    // The speed figures plan their own instances: a flag they do not read is refused, not dropped (a forgotten km/h
    // after --speed would otherwise start minutes of figures instead of the bench asked for).
    const other = rest
      .filter((arg) => arg.startsWith('--'))
      .map((arg) => arg.slice(2).split('=')[0])
      .find((name) => !SPEED_FIGURE_FLAGS.includes(name));
    if (other !== undefined)
      throw usageError(
        `--speed alone gives the speed figures, which read only --${SPEED_FIGURE_FLAGS.join(', --')}, not --${other}: drop it, or give the travel speed of --solomon files as --speed KMH`,
      );
    const { DEFAULT_GAP_INSTANCES } = await import('../homberger.js');
    const gapInstances = values['gap-instances'] ? String(values['gap-instances']).split(',') : DEFAULT_GAP_INSTANCES;
    const gapSeconds = numberFlag(values, 'gap-seconds', 60, { min: 1 });
    const modelDir = values.model ?? join(defaultModelsRoot(), 'jampr-tw1-n20');
    // Checked before the figures that do not read it: the training figures, which do, come minutes later.
    checkModelFolder(modelDir);
    // Measured on a thread of its own, as the rows plan on one: a Ctrl-C is heard at once and says in which figure.
    const { speedOnThread } = await import('../speed-thread.js');
    console.log(JSON.stringify(await speedOnThread({ gapInstances, gapSeconds, modelDir }), null, 2));
    return;
  }
  const variant = variantFromFlags(values, 'bench');
  const names = String(values.methods)
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const choices = names.map((name) => {
    if (!isMethodChoice(name))
      throw usageError(`unknown bench method '${name}'; choose from ${METHOD_OPTIONS.map((m) => m.id).join(', ')}`);
    return name;
  });
  for (const flag of ['gap-instances', 'gap-seconds'] as const)
    if (values[flag] !== undefined) throw usageError(`--${flag} is read by --speed only: add --speed, or drop it`);
  refuseUnread(values, choices);
  if (values.model !== undefined) refuseModelMismatch(String(values.model), choices, variant);
  const effort: Record<Effort['field'], number> = {
    timeLimitSec: numberFlag(values, 'time-limit', BENCH_DEFAULTS['time-limit'], EFFORT_FLAG_BOUNDS['time-limit']),
    samples: numberFlag(values, 'samples', BENCH_DEFAULTS.samples, EFFORT_FLAG_BOUNDS.samples),
    improveSec: numberFlag(values, 'improve', BENCH_DEFAULTS.improve, {
      ...EFFORT_FLAG_BOUNDS.improve,
      under: "the shortest local search: bench jampr-greedy for the model's plan without one",
    }),
  };
  let problems: Problem[];
  let title: string;
  if (values.solomon) {
    const first = optionalNumberFlag(values, 'first', FIRST_FLAG_BOUNDS);
    problems = String(values.solomon)
      .split(',')
      .map((path) => loadProblem(path, values));
    title = `${problems.map((p) => p.instance.name).join(', ')}${first ? ` (first ${first})` : ''}`;
  } else {
    const size = numberFlag(values, 'size', 20, { min: 1, integer: true });
    const count = numberFlag(values, 'count', 100, { min: 1, integer: true });
    const seed = numberFlag(values, 'seed', 1234, SEED_FLAG_BOUNDS);
    problems = generateInstances(size, count, seed).map(buildProblem);
    title = `${count} generated instances, N=${size}, seed ${seed}`;
  }
  if (values.model === undefined) await refuseMissingModels(choices, variant, problems);
  console.log(
    `## ${variant.name} (alpha ${variant.alpha}, beta ${latenessPrice(variant) ?? 'none: lateness forbidden'}, ${variant.penalty}) — ${title}\n`,
  );
  console.log(`${MEANS_NOTE}.\n`);
  const requests = choices.map((name): RowOptions => {
    const field = methodOption(name).effort?.field;
    const request = methodRequest(name, field && effort[field]);
    // Random reads --samples and --time-limit as jampr plan does, where they are given (else its own defaults).
    if (name === 'random')
      for (const [field, flag] of Object.entries(EFFORT_FLAGS) as [Effort['field'], string][])
        if (randomReads(field) && (values as Record<string, unknown>)[flag] !== undefined)
          Object.assign(request, { [field]: effort[field] });
    return request;
  });
  // The plans run on a worker thread, as jampr plan's do, so that a Ctrl-C is heard at once and said.
  const at: BenchAt = { row: choices[0], instance: 0, of: problems.length, printed: 0 };
  await withPlanThread(
    () => benchCancelled(at),
    async (plan) => {
      // Loading is one-off: done untimed before the table, so that the first learned row is timed as a later one is.
      const loaded = await warmUp(plan, at, requests, problems[0], variant, values.model);
      if (loaded !== null) console.log(`${loadNote(loaded)}.\n`);
      console.log('| method | cost | k | dist | t (s/inst) | infeasible |');
      console.log('|---|---|---|---|---|---|');
      for (const [k, name] of choices.entries()) {
        at.row = name;
        const row = await benchRow(plan, at, problems, variant, requests[k], values.model);
        console.log(`| ${name} | ${f2(row.cost)} | ${f2(row.vehicles)} | ${f2(row.distance)} | ${f2(row.seconds)} | ${row.infeasible} |`);
        at.printed++;
      }
    },
  );
}

/** What a Ctrl-C stopped: a row is printed only once all its instances are planned, so the rows above are whole. */
function benchCancelled({ row, instance, of, printed, warming }: BenchAt): string {
  if (warming) return 'bench cancelled while loading the model, before the first row: no row was printed';
  const where = `bench cancelled at instance ${instance} of ${of} of the ${row} row`;
  if (printed === 0) return `${where}: no row was printed`;
  return `${where}: it and the rows after it were not printed; the ${printed === 1 ? 'row' : `${printed} rows`} above ${printed === 1 ? 'is' : 'are'} complete`;
}

/**
 * --model plans every learned method in --methods: one that cannot (an AM+TW row with a JAMPR model, another policy's
 * model) is refused before the first row, not after the table has begun.
 */
function refuseModelMismatch(dir: string, choices: MethodChoice[], variant: Variant): void {
  const { card } = checkModelFolder(dir);
  const mismatched = choices.filter((c) => {
    const method = methodOption(c).method;
    return (method === 'jampr' || method === 'am') && method !== card.kind;
  });
  if (mismatched.length > 0)
    throw usageError(
      `--model ${dir} is a ${card.kind} model and plans every learned method in --methods: ${mismatched.join(', ')} needs a model of its own kind (bench it in a run of its own)`,
    );
  const mismatch = modelMismatch({ name: dir, kind: card.kind, variant: card.variant }, card.kind, variant.name, {
    method: (m) => `bench it with --methods ${m}-greedy`,
    policy: (v) => `bench it with --variant ${v}`,
  });
  if (mismatch) throw usageError(mismatch);
}

/**
 * Without --model a learned row plans with a model of the models folder (resources/models, or $JAMPR_MODELS_DIR), as
 * jampr plan does: a folder that is none, or holds no model of the row's kind and policy, is refused by plan's rule
 * (findDefaultModel) before the table begins, not as its first learned row fails.
 */
async function refuseMissingModels(choices: MethodChoice[], variant: Variant, problems: Problem[]): Promise<void> {
  const kinds = new Set(choices.map((c) => methodOption(c).method).filter((m) => m === 'jampr' || m === 'am'));
  for (const kind of kinds) await findDefaultModel(kind, variant.name, problems[0].instance.customers.length);
}

/** Which flag sets each method's effort; a flag none of the chosen methods reads is refused, as `jampr plan` does. */
/** The random baseline has no effort field in the app, yet reads some as jampr plan does (one rule, FIELD_METHODS). */
const randomReads = (field: Effort['field']): boolean => (FIELD_METHODS[field] as readonly MethodName[]).includes('random');

const EFFORT_FLAGS: Record<Effort['field'], string> = { timeLimitSec: 'time-limit', samples: 'samples', improveSec: 'improve' };

function refuseUnread(values: Record<string, unknown>, choices: MethodChoice[]): void {
  const given = (flag: string) => values[flag] !== undefined;
  for (const [field, flag] of Object.entries(EFFORT_FLAGS) as [Effort['field'], string][]) {
    const reads = (c: MethodChoice) => methodOption(c).effort?.field === field || (c === 'random' && randomReads(field));
    if (!given(flag) || choices.some(reads)) continue;
    const readers = METHOD_OPTIONS.filter((m) => reads(m.id)).map((m) => m.id);
    throw usageError(`--${flag} is read by ${readers.join(', ')}, which --methods does not include: drop it`);
  }
  if (given('model') && !choices.some((c) => methodOption(c).method === 'jampr' || methodOption(c).method === 'am'))
    throw usageError('--model is read by the JAMPR and AM+TW methods, which --methods does not include: drop it');
  const generatorFlags = ['size', 'count', 'seed'].filter(given);
  if (given('solomon') && generatorFlags.length > 0)
    throw usageError(`--${generatorFlags[0]} sets the generated instances, which --solomon replaces: drop one of them`);
  if (!given('solomon') && given('first'))
    throw usageError('--first keeps the first N customers of --solomon files: give --solomon, or drop it');
  const fleetFlag = ['vehicles', 'capacity', 'speed'].find(given);
  if (!given('solomon') && fleetFlag)
    throw usageError(`--${fleetFlag} sets the fleet of --solomon files (a customer CSV needs it): give --solomon, or drop it`);
}
