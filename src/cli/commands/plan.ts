import {
  carriedCustomers,
  type DecodeStrategy,
  decodeStrategySchema,
  type Instance,
  type MethodName,
  methodNameSchema,
  type VariantName,
} from '../../shared/domain.js';
import { modelMismatch } from '../../shared/model-choice.js';
import { checkModelFolder } from '../../main/jampr/checkpoint-files.js';
import { CSV_BOM } from '../../shared/text-decoding.js';
import { evaluatePlan } from '../../main/vrp/evaluate.js';
import {
  EFFORT_FLAG_BOUNDS,
  numberFlag,
  oneOf,
  optionalNumberFlag,
  parseFlags,
  SEED_FLAG_BOUNDS,
  variantFlags,
  variantFromFlags,
} from '../args.js';
import { EXIT } from '../exit-codes.js';
import { writePlanCsv } from '../../main/vrp/io/csv-write.js';
import { toPlanJson } from '../../main/vrp/io/json.js';
import { INSTANCE_FILE_KINDS } from '../../main/vrp/io/index.js';
import { checkWritable, csvDialect, outputFormat, writeTextFile } from '../files.js';
import { instanceFlags, loadProblem } from '../load.js';
import { earlyServiceNote } from '../../shared/early-service.js';
import {
  learnedPlanNotices,
  learnedSpeedNotice,
  modelSizeRefusal,
  modelSpeedNotice,
  samplingMayTakeOver5s,
} from '../../shared/model-limits.js';
import {
  cutShortNote,
  DEFAULT_SAMPLES,
  DEFAULT_TIME_LIMIT_SEC,
  decodeFor,
  greedyKeptNote,
  type MethodField,
  methodFlagsFor,
  methodLabel,
  unreadFields,
} from '../../shared/methods.js';
import { messageNumber } from '../../shared/number-text.js';
import { cliJobContext } from '../progress.js';
import { planOnThread } from '../plan-thread.js';
import { printWarning } from '../print-warning.js';
import { asUsage, usageError } from '../usage.js';

export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseFlags(
    'plan',
    argv,
    {
      ...instanceFlags,
      ...variantFlags,
      method: { type: 'string', default: 'classical' },
      'time-limit': { type: 'string' },
      decode: { type: 'string' },
      samples: { type: 'string' },
      model: { type: 'string' },
      improve: { type: 'string' },
      seed: { type: 'string', default: '1' },
      iterations: { type: 'string' },
      out: { type: 'string' },
      'decimal-comma': { type: 'boolean' },
    },
    1,
  );
  if (!positionals[0]) throw usageError(`plan needs an INSTANCE file: ${INSTANCE_FILE_KINDS}`);
  // The flags first: a mistake there is named before a large file is read.
  const flags = typeof values.method === 'string' ? methodFlagsFor(values.method) : null;
  if (flags) throw usageError(`--method ${values.method} is written ${flags} here (--method takes ${methodNameSchema.options.join(', ')})`);
  const method = oneOf(values.method, 'method', methodNameSchema.options, 'classical');
  checkMethodFlags(method, values);
  if (values.iterations !== undefined && method !== 'classical')
    throw usageError(`--iterations applies to --method classical only, not ${method}`);
  if (values.out === '-') throw usageError('--out - is not a file name: leave --out out to get the plan JSON on stdout');
  const outFormat = values.out ? outputFormat(values.out, { '.json': 'json', '.csv': 'csv' }, 'json') : undefined;
  if (values.out) checkWritable(values.out, [positionals[0]]);
  const dialect = csvDialect(values['decimal-comma'], outFormat);
  const variant = variantFromFlags(values, 'plan');
  const problem = loadProblem(positionals[0], values);
  if (values.model !== undefined && (method === 'jampr' || method === 'am')) refuseModel(values.model, method, variant.name);
  const samples = optionalNumberFlag(values, 'samples', EFFORT_FLAG_BOUNDS.samples);
  const asked = values.decode === undefined ? undefined : oneOf(values.decode, 'decode', decodeStrategySchema.options, 'greedy');
  const decode = asUsage(() => decodeFor(asked, samples, { decode: '--decode', samples: '--samples' }));
  const improveSec = optionalNumberFlag(values, 'improve', {
    ...EFFORT_FLAG_BOUNDS.improve,
    under: 'the shortest local search: leave --improve out to plan without one',
  });
  // Before a long wait, not after it: progress shows on a terminal only.
  // As the app says it before a learned model's long run: a large day first, then many samples.
  const learned = method === 'jampr' || method === 'am';
  const slow = learned ? learnedSpeedNotice(problem.instance, decode === 'sample' ? (samples ?? DEFAULT_SAMPLES) : undefined) : null;
  // A day too large for the models is refused by the plan job in one message; the notice would say it twice.
  if (slow && modelSizeRefusal(carriedCustomers(problem.instance).length) === null) process.stderr.write(`jampr: note: ${slow}\n`);
  const timeLimitSec = optionalNumberFlag(values, 'time-limit', EFFORT_FLAG_BOUNDS['time-limit']);
  const result = await planOnThread(
    {
      instance: problem.instance,
      variant,
      method,
      decode,
      samples,
      improveSec,
      timeLimitSec,
      seed: numberFlag(values, 'seed', 1, SEED_FLAG_BOUNDS),
      maxIterations: optionalNumberFlag(values, 'iterations', { min: 1, integer: true }),
      modelDir: values.model,
    },
    cliJobContext({
      started: longPlanStarted(problem.instance, { method, variant: variant.name, decode, samples, improveSec, timeLimitSec }),
    }),
  );
  const evaluation = evaluatePlan(problem, result.routes, variant);
  const plan = toPlanJson(
    problem.instance,
    {
      variant,
      method: methodLabel(method, decode, samples, improveSec),
      model: result.modelName,
      greedyKept: result.greedyKept,
      cutShort: result.cutShort !== undefined,
      routes: result.routes,
      seconds: result.seconds,
    },
    evaluation,
  );
  if (values.out) {
    // A .csv name gets the plan as a spreadsheet (the app's plan export), .json or a name without one the plan JSON.
    const asCsv = outFormat === 'csv';
    // A CSV file starts with a byte-order mark, as the app's downloads do, so that Excel reads its UTF-8.
    const csv = () => `${CSV_BOM}${writePlanCsv(problem.instance, evaluation, variant.name, { dialect })}`;
    writeTextFile(values.out, asCsv ? csv() : `${JSON.stringify(plan, null, 2)}\n`);
    // The file holds the routes and the violations; stderr lists the violations as well.
    const { routes: _routes, violations: _violations, ...totals } = plan;
    console.log(JSON.stringify({ ...totals, out: values.out }));
  } else {
    console.log(JSON.stringify(plan, null, 2));
  }
  const notices = (method === 'jampr' || method === 'am') && !improveSec ? learnedPlanNotices(problem.instance, variant, evaluation) : [];
  for (const notice of notices) printWarning(notice);
  const early = earlyServiceNote(problem.instance, variant, evaluation);
  if (early) process.stderr.write(`jampr: note: ${early}\n`);
  if (result.greedyKept) process.stderr.write(`jampr: note: ${greedyKeptNote(method, samples ?? DEFAULT_SAMPLES)}\n`);
  if (result.cutShort) process.stderr.write(`jampr: note: ${cutShortNote(plan.method, result.cutShort)}\n`);
  if (result.timeEnded)
    process.stderr.write(
      `jampr: note: the time limit ended the search before its ${values.iterations} iterations, so another run of --seed ${values.seed} may give another plan; give a longer --time-limit (or fewer --iterations) for a plan the seed repeats\n`,
    );
  for (const v of evaluation.violations) console.error(`violation: ${v.message}`);
  if (!evaluation.feasible) process.exitCode = EXIT.infeasible;
}

/**
 * A --model that cannot plan this request (another method's, or trained for another policy) is refused before any
 * work, by the rule the app's API uses (modelMismatch), rather than failing inside the planning thread.
 */
function refuseModel(dir: string, method: 'jampr' | 'am', variant: VariantName): void {
  const { card } = checkModelFolder(dir);
  const mismatch = modelMismatch({ name: dir, kind: card.kind, variant: card.variant }, method, variant, {
    method: (m) => `plan with --method ${m}`,
    policy: (v) => `plan with --variant ${v}`,
  });
  if (mismatch) throw usageError(mismatch);
}

/**
 * What a plan that may run past the default 5 s says once it has begun where no progress shows (stderr not a
 * terminal: a log, a script), so that its wait reads as work under way, and a Ctrl-C from then on as one it hears: a
 * search given a longer --time-limit, a local search given a longer --improve (after the model's plan), a sampling of
 * that much work (samplingMayTakeOver5s: plans × customers²), a learned model's plan of a day that takes it minutes
 * (modelSpeedNotice). Undefined for a plan within the default time.
 */
function longPlanStarted(instance: Instance, request: LongPlanRequest): string | undefined {
  const { method, variant, decode, samples, improveSec, timeLimitSec } = request;
  const customers = carriedCustomers(instance).length;
  const learned = method === 'jampr' || method === 'am';
  const drawn = learned && decode === 'sample' ? (samples ?? DEFAULT_SAMPLES) : undefined;
  const over = (sec: number | undefined): sec is number => sec !== undefined && sec > DEFAULT_TIME_LIMIT_SEC;
  const how = [
    over(timeLimitSec) ? `for up to ${messageNumber(timeLimitSec)} s` : null,
    drawn !== undefined && samplingMayTakeOver5s(drawn, customers) ? `by sampling ${messageNumber(drawn)} plans` : null,
    learned && over(improveSec) ? `with up to ${messageNumber(improveSec)} s of local search` : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
  if (!how && !(learned && modelSpeedNotice(customers) !== null)) return undefined;
  const what = `${customers} customer${customers === 1 ? '' : 's'} (${method}, ${variant})`;
  return `planning ${what}${how ? ` ${how}` : ''}: Ctrl-C cancels it, writing nothing`;
}

interface LongPlanRequest {
  method: MethodName;
  variant: VariantName;
  decode: DecodeStrategy;
  samples: number | undefined;
  improveSec: number | undefined;
  timeLimitSec: number | undefined;
}

/** The request field each method-specific flag sets (src/shared/methods.ts decides which methods read it). */
const FLAG_FIELDS: Record<string, MethodField> = {
  decode: 'decode',
  samples: 'samples',
  model: 'modelId',
  improve: 'improveSec',
  'time-limit': 'timeLimitSec',
};

function checkMethodFlags(method: MethodName, values: Record<string, unknown>): void {
  for (const [flag, field] of Object.entries(FLAG_FIELDS)) {
    const [unread] = unreadFields(method, { [field]: values[flag] });
    if (unread) throw usageError(`--${flag} applies to --method ${unread.readBy.join(' or ')} only, not ${method}`);
  }
}
