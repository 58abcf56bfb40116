/**
 * The planning methods, one row each, as the app's method selector, the compare view and `jampr bench` offer
 * them, and how each becomes the method part of a plan request. Rows are named like the paper's table rows.
 */
import type { PlanRequest } from './api.js';
import type { DecodeStrategy, MethodName } from './domain.js';
import { inputError } from './errors.js';
import { MIN_TIME_LIMIT_SEC } from './limits.js';

export type MethodChoice = 'jampr-greedy' | 'jampr-sample' | 'jampr-ls' | 'am-greedy' | 'am-sample' | 'classical' | 'random';

/** The one number a method's effort is measured in, and the request field it goes to. */
export interface Effort {
  field: 'samples' | 'improveSec' | 'timeLimitSec';
  label: string;
  min: number;
  max: number;
  step: number;
  /** What the app starts with (`jampr bench` has its own flags: --samples, --improve, --time-limit). */
  default: number;
}

export interface MethodOption {
  id: MethodChoice;
  label: string;
  method: MethodName;
  decode?: DecodeStrategy;
  effort?: Effort;
}

/** Samples a model draws when a request names none (the paper's 1,280); the app's field starts at 128. */
export const DEFAULT_SAMPLES = 1280;
/** Plans the random baseline draws when a request names none. */
export const DEFAULT_RANDOM_SAMPLES = 1000;
/** Seconds the classical solver searches, and the random baseline draws, when a request names none. */
export const DEFAULT_TIME_LIMIT_SEC = 5;

const SAMPLES: Effort = { field: 'samples', label: 'samples', min: 1, max: 1280, step: 1, default: 128 };

export const METHOD_OPTIONS: readonly MethodOption[] = [
  { id: 'jampr-greedy', label: 'JAMPR greedy', method: 'jampr', decode: 'greedy' },
  { id: 'jampr-sample', label: 'JAMPR sampling', method: 'jampr', decode: 'sample', effort: SAMPLES },
  {
    id: 'jampr-ls',
    label: 'JAMPR + local search',
    method: 'jampr',
    decode: 'greedy',
    effort: { field: 'improveSec', label: 'LS seconds', min: 0.5, max: 120, step: 0.5, default: 5 },
  },
  { id: 'am-greedy', label: 'AM+TW', method: 'am', decode: 'greedy' },
  { id: 'am-sample', label: 'AM+TW sampling', method: 'am', decode: 'sample', effort: SAMPLES },
  {
    id: 'classical',
    label: 'Classical (construction + LS)',
    method: 'classical',
    effort: { field: 'timeLimitSec', label: 'seconds', min: MIN_TIME_LIMIT_SEC, max: 120, step: 0.1, default: 2 },
  },
  { id: 'random', label: 'Random (baseline)', method: 'random' },
];

export const isMethodChoice = (id: string): id is MethodChoice => METHOD_OPTIONS.some((m) => m.id === id);

export function methodOption(id: MethodChoice): MethodOption {
  const option = METHOD_OPTIONS.find((m) => m.id === id);
  if (!option) throw new Error(`unknown method ${id}`);
  return option;
}

/**
 * Which methods read each method-specific field of a plan request. A field sent with another method is refused
 * (the API and `jampr plan`'s flags alike) rather than silently ignored: "--samples 500" with the classical solver
 * would otherwise plan as if it had not been asked.
 */
export const FIELD_METHODS = {
  decode: ['jampr', 'am'],
  samples: ['jampr', 'am', 'random'],
  improveSec: ['jampr', 'am'],
  timeLimitSec: ['classical', 'random'],
  modelId: ['jampr', 'am'],
} as const satisfies Partial<Record<keyof PlanRequest, readonly MethodName[]>>;

export type MethodField = keyof typeof FIELD_METHODS;

/** The method-specific fields set in `request` that `method` does not read, with the methods that do. */
export function unreadFields(
  method: MethodName,
  request: Partial<Record<MethodField, unknown>>,
): { field: MethodField; readBy: readonly MethodName[] }[] {
  return (Object.keys(FIELD_METHODS) as MethodField[])
    .filter((field) => request[field] !== undefined && !(FIELD_METHODS[field] as readonly MethodName[]).includes(method))
    .map((field) => ({ field, readBy: FIELD_METHODS[field] }));
}

/**
 * A learned method's decoding: as asked; else sampling where a sample count was given (128 samples alone sample
 * rather than quietly plan greedily); else greedy. A sample count with greedy decoding is refused. One rule for the
 * API and `jampr plan`, each naming the fields its own way (`--samples`, `samples`).
 */
export function decodeFor(
  decode: DecodeStrategy | undefined,
  samples: number | undefined,
  names: { decode: string; samples: string } = { decode: 'decode', samples: 'samples' },
): DecodeStrategy {
  if (decode === 'greedy' && samples !== undefined)
    throw inputError(`${names.samples} needs ${names.decode} sample (greedy decoding draws no samples)`);
  return decode ?? (samples === undefined ? 'greedy' : 'sample');
}

export type MethodRequest = Pick<PlanRequest, 'method' | 'decode' | 'samples' | 'improveSec' | 'timeLimitSec'>;

/** The request part that depends on the method; `effort` is the number in the method's effort field, if it has one. */
export function methodRequest(choice: MethodChoice, effort?: number): MethodRequest {
  const { method, decode, effort: measure } = methodOption(choice);
  const request: MethodRequest = decode ? { method, decode } : { method };
  if (!measure) return request;
  const value = effort ?? measure.default;
  return { ...request, [measure.field]: measure.field === 'samples' ? Math.max(1, Math.round(value)) : value };
}

/**
 * A plan's method as stored and printed, the way the bench rows name it: "jampr-greedy", "jampr-sample128",
 * "jampr-greedy+ls" (improved by the local search); the other methods by their name. One name for the app's stored
 * plans and the CLI's plan JSON.
 */
export function methodLabel(method: string, decode?: string, samples?: number, improveSec?: number): string {
  if (method !== 'jampr' && method !== 'am') return method;
  const base = `${method}-${decode === 'sample' ? `sample${samples ?? ''}` : 'greedy'}`;
  return improveSec ? `${base}+ls` : base;
}

const LEARNED_LABEL = /^(jampr|am)(?:-(greedy|sample)(\d*))?(\+ls)?$/;

/**
 * The `jampr plan` flags for a method named as a plan records it or the app and `jampr bench --methods` offer it
 * (jampr-greedy, jampr-sample128+ls, jampr-ls), which --method does not take; null for any other name.
 */
export function methodFlagsFor(name: string): string | null {
  if (name === 'jampr-ls') return '--method jampr --improve SECONDS';
  const m = LEARNED_LABEL.exec(name);
  if (!m || m[2] === undefined) return null;
  const samples = m[2] === 'sample' ? ` --samples ${m[3] || DEFAULT_SAMPLES}` : '';
  return `--method ${m[1]}${samples}${m[4] ? ' --improve SECONDS' : ''}`;
}

/** A learned method as plans are stored with it now: its decoding always named, a sample count always given. */
const STORED_LEARNED = /^(jampr|am)-(greedy|sample[1-9]\d*)(\+ls)?$/;

/** What a plan made by a method may say of how it was made (`storedMethodRules`). */
export interface StoredMethodRules {
  /** The kind of model that plans by it; null: none. */
  model: 'jampr' | 'am' | null;
  effort: boolean;
  greedyKept: boolean;
  cutShort: boolean;
}

/**
 * What a plan stored with the method `label` may say of how it was made: the model kind it needs, whether it has an
 * effort (its method's effort field), whether sampling may have kept a greedy plan, whether a time limit may have cut
 * it short (the random baseline's draws, a local search); null where no plan is stored with that name now. A plan a
 * window sends back to be stored (plans:keep) is held to it.
 */
export function storedMethodRules(label: string): StoredMethodRules | null {
  if (label === 'manual') return { model: null, effort: false, greedyKept: false, cutShort: false };
  const effort = methodEffortField(label) !== undefined;
  if (label === 'classical' || label === 'random') return { model: null, effort, greedyKept: false, cutShort: true };
  const learned = STORED_LEARNED.exec(label);
  if (!learned) return null;
  const improved = learned[3] !== undefined;
  return { model: learned[1] as 'jampr' | 'am', effort, greedyKept: learned[2] !== 'greedy' && !improved, cutShort: improved };
}

/** Whether a stored method is a learned model's plan as decoded, not improved by the local search. */
export function isModelAlone(method: string): boolean {
  const m = LEARNED_LABEL.exec(method);
  return m !== null && m[4] === undefined;
}

/**
 * The app's method choice that makes plans like a stored one (with its sample count where the label has it), or
 * null where the app offers none (a hand-edited plan; sampling improved by the local search).
 */
export function methodChoiceOf(method: string): { choice: MethodChoice; samples?: number } | null {
  if (method === 'classical' || method === 'random') return { choice: method };
  const learned = LEARNED_LABEL.exec(method);
  if (!learned) return null;
  const [, model, decode, samples, improved] = learned;
  if (decode === 'sample')
    return improved ? null : { choice: `${model as 'jampr' | 'am'}-sample`, ...(samples ? { samples: Number(samples) } : {}) };
  if (improved) return model === 'jampr' ? { choice: 'jampr-ls' } : null;
  return { choice: `${model as 'jampr' | 'am'}-greedy` };
}

/**
 * The number a plan request gave the effort field of the method a stored plan is labelled with (as the app offers
 * that method: the classical solver's seconds, the local search's after a model, samples), if it gave one.
 */
export function requestEffort(label: string, request: Partial<Record<Effort['field'], number>>): number | undefined {
  const field = methodEffortField(label);
  return field ? request[field] : undefined;
}

/**
 * A stored plan's method as a readable label: "JAMPR greedy", "JAMPR sampling 128 + local search", "JAMPR + local
 * search" (greedy, improved), "Classical", "Edited by hand"; with the seconds of search it was given where they are
 * known ("Classical, 2 s", "JAMPR + local search, 5 s": two plans by one method may differ by them alone).
 * Plans stored before the decoding was named ("jampr", "jampr+ls") read "JAMPR", "JAMPR + local search".
 */
export function describeMethod(method: string, effort?: number): string {
  const field = effort === undefined ? undefined : methodEffortField(method);
  const seconds = field === 'timeLimitSec' || field === 'improveSec' ? `, ${effort} s` : '';
  const learned = LEARNED_LABEL.exec(method);
  if (learned) {
    const [, model, decode, samples, improved] = learned;
    // Greedy + local search is the method the app offers as "JAMPR + local search": named as offered.
    const decoding = decode === 'sample' ? ` sampling${samples ? ` ${samples}` : ''}` : decode === 'greedy' && !improved ? ' greedy' : '';
    return `${model === 'jampr' ? 'JAMPR' : 'AM+TW'}${decoding}${improved ? ' + local search' : ''}${seconds}`;
  }
  const known: Record<string, string> = { classical: 'Classical', random: 'Random', manual: 'Edited by hand' };
  return `${known[method] ?? method}${seconds}`;
}

/**
 * A stored plan's method with the model that made it, where a model did: "JAMPR greedy (jampr-tw1-n50)". Two plans of a
 * day by one method and two models differ by that name alone; the plan view, Compare and the history say it alike.
 */
export function describePlanMethod(plan: { method: string; effort?: number; modelName: string | null }): string {
  const method = describeMethod(plan.method, plan.effort);
  return plan.modelName ? `${method} (${plan.modelName})` : method;
}

/** The effort field of the method a stored plan is labelled with, as the app offers that method. */
function methodEffortField(label: string): Effort['field'] | undefined {
  const made = methodChoiceOf(label);
  return made ? methodOption(made.choice).effort?.field : undefined;
}

/** Whether the method plans with a learned model (and so is bound by the model limits in model-limits.ts). */
export const usesModel = (id: MethodChoice): boolean => {
  const { method } = methodOption(id);
  return method === 'jampr' || method === 'am';
};

/** What the time limit cut short: its seconds, and for the random baseline how many of its plans were drawn. */
export interface CutShort {
  limitSec?: number;
  drawn?: number;
  samples?: number;
  /**
   * The limit ended before the routes beyond the fleet could be chosen with care (fleet-fit.ts): the plan's routes,
   * the fleet's vehicles, and whether the search before it had improved the plan as far as it goes. Without it a
   * search's note is about the search (all a stored plan knows).
   */
  fleet?: { routes: number; vehicles: number; searched: boolean };
}

/**
 * Why a plan is far from what its method makes with more time (`cutShort`): its time limit ended before the local
 * search had improved the plan as far as it goes (the classical solver's construction, or the model's plan it was
 * given), or before the routes beyond the fleet could be chosen with care, or before the random baseline had drawn
 * all its plans. One wording for the plan view, `jampr plan`'s note and the plan's last progress event; `method` as a
 * plan names it ("classical", "jampr-greedy+ls", "random").
 */
export function cutShortNote(method: string, { limitSec, drawn, samples, fleet }: CutShort = {}): string {
  const limit = limitSec === undefined ? 'the time limit' : `the time limit of ${limitSec} s`;
  if (method === 'random') {
    const count =
      drawn !== undefined && samples !== undefined ? `after ${drawn} of ${samples} random plans` : 'before all its random plans were drawn';
    return `${limit} ended ${count}: the plan is the best of those drawn; plan again with a longer time limit to draw them all`;
  }
  const fit =
    fleet &&
    `the ${fleet.routes - fleet.vehicles} of its ${fleet.routes} routes to give up for the fleet of ${fleet.vehicles} vehicles ` +
      'could be chosen with care (those with the fewest stops went, which may leave more customers unserved)';
  const cut = (search: string) => (!fit ? search : fleet.searched ? fit : `${search}, and before ${fit}`);
  if (LEARNED_LABEL.exec(method)?.[4] !== undefined) {
    const seconds = limitSec === undefined ? 'the seconds of local search' : `the ${limitSec} s of local search`;
    return `${seconds} ended before ${cut("the search could improve the model's plan as far as it goes")}: give the local search more seconds`;
  }
  if (fit && fleet.searched) return `${limit} ended before ${fit}: plan again with a longer time limit`;
  return `${limit} ended before ${cut('the search could improve the plan as far as it goes')}: the plan is little better than the construction's first one; plan again with a longer time limit`;
}

/**
 * Why a sampled plan is a greedy one (`greedyKept`), in the plan view and `jampr plan`'s note, for the model that
 * planned it (`method`: "am" or "jampr", or a plan's label such as "am-sample128"). Sampling counts the greedy plans of
 * the day's eight symmetric views (and the plain view's with fewer vehicles, as greedy decoding tries) among its
 * candidates; the model's greedy decoding ("JAMPR greedy", "AM+TW greedy") plans the plain view alone, so the plan kept
 * can be cheaper than greedy decoding's (docs/model.md, "Planning with a model").
 */
export function greedyKeptNote(method: string, samples?: number): string {
  const model = LEARNED_LABEL.exec(method)?.[1] === 'am' ? 'am' : 'jampr';
  const none =
    samples === 1 ? 'the one sampled plan did not beat' : `none of the ${samples === undefined ? '' : `${samples} `}sampled plans beat`;
  return (
    `${none} the best of the model's greedy plans (one for each of the 8 symmetric ` +
    `views of the day, and with fewer vehicles where the demand allows; ${describeMethod(`${model}-greedy`)} plans the first view only), so the plan is that best greedy plan`
  );
}
