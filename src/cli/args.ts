import { parseArgs, type ParseArgsConfig } from 'node:util';
import { makeVariant, VARIANT_NAMES, type Variant, type VariantName, type VariantOverrides } from '../shared/domain.js';
import { MAX_CUSTOMERS, MAX_PRICE, MAX_SAMPLES, MAX_SEED, MAX_TIME_LIMIT_SEC, MIN_TIME_LIMIT_SEC } from '../shared/limits.js';
import { usageError } from './usage.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Strict flag parsing: an unknown flag, a missing value or a flag given twice (which of the two was meant?) is an
 * input error, never silently ignored. A negative number after a flag is its value (`--vehicles -2` is refused by
 * the flag's own range check, naming it, rather than read as an unknown flag `-2`). `program` (`jampr <command>`, or
 * the web mode's `npm run web`) names the command in the messages about an option it does not know or an argument too
 * many; main.ts points every refusal to its --help.
 */
export function parseFlags<O extends Options>(command: string, argv: string[], options: O, positionals = 0, program = `jampr ${command}`) {
  const args = withNegativeValues(argv, options);
  // Parsed leniently and checked here, token by token: Node's strict messages give advice about positionals that
  // does not apply to jampr and do not name the command.
  const parsed = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  const given = new Map<string, string[]>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (!option) throw usageError(`unknown option ${token.rawName} for ${program}`);
    if (option.type === 'boolean' && token.value !== undefined) throw usageError(`${token.rawName} takes no value, got '${token.value}'`);
    if (option.type === 'string' && token.value === undefined) throw usageError(`${token.rawName} needs a value`);
    // `--out --seed 3` reads --seed as the file name: a value that looks like an option is a value left out (`-` alone
    // is a value, which plan's --out names).
    if (option.type === 'string' && !token.inlineValue && /^-[-a-zA-Z]/.test(token.value ?? ''))
      throw usageError(
        `${token.rawName} needs a value, not the option ${token.value} (write ${token.rawName}=${token.value} if it is one)`,
      );
    given.set(token.name, [...(given.get(token.name) ?? []), token.value ?? '']);
  }
  for (const [name, values] of given) {
    // `--out ""` (a shell variable left empty) is a missing value, not the flag left out.
    if (options[name]?.type === 'string' && values.some((v) => v.trim() === '')) throw usageError(`--${name} is given without a value`);
    if (values.length > 1) {
      const written = options[name]?.type === 'string' ? ` (${values.map((v) => `'${v}'`).join(', ')})` : '';
      throw usageError(`--${name} is given ${values.length} times${written}: give it once`);
    }
  }
  if (parsed.positionals.length > positionals) {
    throw usageError(`unexpected argument ${parsed.positionals[positionals]} for ${program}`);
  }
  const { tokens: _tokens, ...rest } = parsed;
  // Every option token was checked against `options` above: the values are those the strict parse would give.
  return rest as Omit<ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>, 'tokens'>;
}

/** `--flag -2` as `--flag=-2` for flags that take a value: a negative number is a value, not a flag. */
function withNegativeValues(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    const name = argv[k].startsWith('--') && !argv[k].includes('=') ? argv[k].slice(2) : null;
    const next = argv[k + 1];
    if (name !== null && options[name]?.type === 'string' && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${argv[k]}=${next}`);
      k++;
    } else out.push(argv[k]);
  }
  return out;
}

/**
 * A number as a person writes it on a command line: decimal, optionally with an exponent. JavaScript's Number() also
 * reads 0x64, 0b1100100 and 0o144 (and '' as 0), which nobody means as a capacity; the CSV reader refuses them too.
 */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;
/**
 * A count, a size or a seed is written in digits: 1e1 for 10 is a slip as 0x10 is, and 10.5 is no count. Beyond
 * Number.MAX_SAFE_INTEGER a whole number is not read as written (9007199254740993 is read as …992): such a seed would
 * not give the plan of the seed typed, so every integer flag is bounded by it.
 */
const WHOLE = /^\s*[+-]?\d+\s*$/;

/**
 * Reads a numeric flag; absent gives `fallback`, anything non-numeric or out of range is an input error. `under`: what
 * a number below `min` is told after "--flag N is under MIN, " (why the minimum is what it is, as the API says it).
 */
export function numberFlag(
  values: Record<string, unknown>,
  name: string,
  fallback: number,
  {
    min: least = -Infinity,
    max: most = Infinity,
    integer = false,
    above,
    under,
  }: { min?: number; max?: number; integer?: boolean; above?: number; under?: string } = {},
): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const min = integer ? Math.max(least, Number.MIN_SAFE_INTEGER) : least;
  const max = integer ? Math.min(most, Number.MAX_SAFE_INTEGER) : most;
  const value = (integer ? WHOLE : DECIMAL).test(String(raw)) ? Number(raw) : Number.NaN;
  const written = String(raw).trim();
  if (under !== undefined && value < min) throw usageError(`--${name} ${written} is under ${min}, ${under}`);
  const lower = above !== undefined ? ` above ${above}` : min > -Infinity ? ` >= ${min}` : '';
  const range = `${integer ? 'an integer' : 'a number'}${[lower, max < Infinity ? ` <= ${max}` : ''].filter(Boolean).join(' and')}`;
  // A number out of range is told which bound it passes; anything else (not a number as written, no whole one where a
  // count is asked for, too large for any bound: 1e400) what a value must be.
  const bound =
    value > max
      ? `more than ${max}`
      : above !== undefined && value <= above
        ? `not above ${above}`
        : value < min
          ? `less than ${min}`
          : null;
  if (bound) throw usageError(`--${name} ${written} is ${bound}: give ${range}`);
  if (!Number.isFinite(value)) throw usageError(`--${name} must be ${range}, got '${String(raw)}'`);
  return value;
}

export function optionalNumberFlag(
  values: Record<string, unknown>,
  name: string,
  opts?: { min?: number; max?: number; integer?: boolean; above?: number; under?: string },
) {
  return values[name] === undefined ? undefined : numberFlag(values, name, 0, opts);
}

/**
 * The bounds of the effort flags, for `jampr plan` and `jampr bench` alike (docs/limits.md: the API and the CLI share
 * the 600 s and 100,000-sample caps), so that a bench cannot run what plan would refuse.
 */
/** jampr bench's methods and effort where no flag gives them (its --help says them from here). */
export const BENCH_DEFAULTS = { methods: 'random,classical', 'time-limit': 8, samples: 128, improve: 2 } as const;

export const EFFORT_FLAG_BOUNDS = {
  'time-limit': { min: MIN_TIME_LIMIT_SEC, max: MAX_TIME_LIMIT_SEC },
  // Local search is timed as the classical solver is: 0 s of it is a slip, as --time-limit 0 and --samples 0 are (a
  // plan without it leaves --improve out), not a greedy plan under the flag.
  improve: { min: MIN_TIME_LIMIT_SEC, max: MAX_TIME_LIMIT_SEC },
  samples: { min: 1, max: MAX_SAMPLES, integer: true },
} as const;

/**
 * The customers --first keeps, in every command that has it: at most those an instance may have (MAX_CUSTOMERS), so
 * that its refusal names that bound rather than the largest whole number a double holds exactly.
 */
export const FIRST_FLAG_BOUNDS = { min: 1, max: MAX_CUSTOMERS, integer: true } as const;

/** The seeds --seed takes, in every command that has it: those a plan request takes (MAX_SEED, src/shared/limits.ts). */
export const SEED_FLAG_BOUNDS = { min: 0, max: MAX_SEED, integer: true } as const;

export function variantName(raw: unknown): VariantName {
  const name = String(raw ?? 'tw1');
  if (!(VARIANT_NAMES as readonly string[]).includes(name)) {
    throw usageError(`--variant must be one of ${VARIANT_NAMES.join(', ')}, got '${name}'`);
  }
  return name as VariantName;
}

export const variantFlags = {
  variant: { type: 'string', default: 'tw1' },
  alpha: { type: 'string' },
  beta: { type: 'string' },
  penalty: { type: 'string' },
} as const;

/** The prices --alpha and --beta take: at most MAX_PRICE, as a request's (api-plans.ts `variantRequestSchema`, docs/limits.md). */
const PRICE_BOUNDS = { min: 0, max: MAX_PRICE };

/**
 * The cost policy from --variant/--alpha/--beta/--penalty. `verb` is what the command does with it (plan, score,
 * bench), for the message that says which --variant would take the flag. `own` gives the prices where no flag does
 * (eval: the plan file's, which its schema checked, and which no flag's bound is to blame for).
 */
export function variantFromFlags(values: Record<string, unknown>, verb: 'plan' | 'score' | 'bench', own: VariantOverrides = {}): Variant {
  const penalty = penaltyFlag(values);
  const name = variantName(values.variant);
  // The API ignores a lateness price sent with tw1; a flag the command would ignore is refused, as for methods.
  if (name === 'tw1' && values.beta !== undefined) {
    throw usageError(`--beta prices lateness, which hard windows (tw1) do not allow: drop it, or ${verb} with --variant tw2 or tw3`);
  }
  return makeVariant(name, {
    alpha: optionalNumberFlag(values, 'alpha', PRICE_BOUNDS) ?? own.alpha,
    beta: optionalNumberFlag(values, 'beta', PRICE_BOUNDS) ?? own.beta,
    penalty: penalty ?? own.penalty,
  });
}

function penaltyFlag(values: Record<string, unknown>): Variant['penalty'] | undefined {
  const penalty = values.penalty;
  if (penalty !== undefined && penalty !== 'linear' && penalty !== 'quadratic') {
    throw usageError(`--penalty must be linear or quadratic, got '${String(penalty)}'`);
  }
  return penalty;
}

/**
 * The policy flags' own mistakes (a --variant or --penalty no policy has, a price out of bounds), for a command that
 * settles its policy only after reading a file (eval: the plan's own): named before the file is read.
 */
export function checkPolicyFlags(values: Record<string, unknown>): void {
  penaltyFlag(values);
  if (values.variant !== undefined) variantName(values.variant);
  optionalNumberFlag(values, 'alpha', PRICE_BOUNDS);
  optionalNumberFlag(values, 'beta', PRICE_BOUNDS);
}

export function oneOf<T extends string>(raw: unknown, name: string, allowed: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(String(raw))) {
    throw usageError(`--${name} must be one of ${allowed.join(', ')}, got '${String(raw)}'`);
  }
  return raw as T;
}
