import { MAX_MODEL_CUSTOMERS } from './limits.js';

/**
 * The one rule for the model that plans an instance when no model was chosen, used by the app's planning
 * service, the `jampr` command and the benchmarks: among the models of the method and policy, the one trained on
 * the size nearest to the instance's customer count N. Exactly halfway between two sizes the larger wins (N=35
 * between 20 and 50 takes 50): the larger model has learnt from routes with more stops, and the shipped N=50
 * models are also the ones meant for 100 customers. Equal sizes go to the name first in alphabetical order, so the
 * choice never depends on the order models were listed or registered in.
 */
export interface SizedModel {
  name: string;
  /** The N it was trained on. */
  size: number;
}

/** Whether `a` is the better choice than `b` for an instance with `n` customers. */
const preferred = (a: SizedModel, b: SizedModel, n: number): boolean => {
  const da = Math.abs(a.size - n);
  const db = Math.abs(b.size - n);
  if (da !== db) return da < db;
  if (a.size !== b.size) return a.size > b.size;
  return a.name < b.name;
};

/** The model for `n` customers among candidates of one method and policy; undefined when there are none. */
export function nearestModel<T>(candidates: readonly T[], n: number, sizeOf: (candidate: T) => SizedModel): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) if (best === undefined || preferred(sizeOf(candidate), sizeOf(best), n)) best = candidate;
  return best;
}

/**
 * Which days of its policy a model plans unasked: null, none (not active); 'all', every size (activated by hand in the
 * Models table: the dispatcher's choice for the policy); or the size bands it took over, each named by the trained size
 * of the model the automatic choice gives those days (`sizeBand`: 20 for the days under 35 customers, 50 for the
 * others, with the shipped N=20 and N=50 models). A retraining run's verdict activates its model for the bands of the
 * held-out days it was judged on, so that it replaces only the model it was compared with there; one active for every
 * size then keeps the policy's other bands, stored as those (store/models.ts `activate`).
 */
export type ActiveFor = 'all' | readonly number[] | null;

/** A model as the store lists it, as far as choosing one to plan with needs. */
export interface ListedModel {
  name: string;
  activeFor: ActiveFor;
  builtIn: boolean;
  card: { method: 'jampr' | 'am'; variant: string; size: number };
}

const sized = (m: ListedModel): SizedModel => ({ name: m.name, size: m.card.size });

/** The models the automatic choice picks among: the shipped ones of the method and policy, else all of them. */
function automaticCandidates<T extends ListedModel>(models: readonly T[], method: 'jampr' | 'am', variant: string): T[] {
  const candidates = models.filter((m) => m.card.method === method && m.card.variant === variant);
  const shipped = candidates.filter((m) => m.builtIn);
  return shipped.length > 0 ? shipped : candidates;
}

/**
 * Every size band of a policy, smallest first: the trained sizes of the models the automatic choice picks among (the
 * shipped ones of the method and policy, else all of them). With the shipped N=20 and N=50 models: [20, 50].
 */
export function sizeBands(models: readonly ListedModel[], method: 'jampr' | 'am', variant: string): number[] {
  return [...new Set(automaticCandidates(models, method, variant).map((m) => m.card.size))].sort((a, b) => a - b);
}

/**
 * The size band of a day of `size` customers: the trained size of the model the automatic choice gives it (the size
 * rule above among the shipped models of the method and policy, among all of them where none is shipped). With the
 * shipped N=20 and N=50 models: 20 under 35 customers, 50 from 35 on. Undefined where no model of the policy is listed.
 */
export function sizeBand(models: readonly ListedModel[], method: 'jampr' | 'am', variant: string, size: number): number | undefined {
  return nearestModel(automaticCandidates(models, method, variant), size, sized)?.card.size;
}

/**
 * The model that plans a day of `size` customers when none was asked for: the model active for the day's size band
 * (a retrained model its run activated there), else the one active for every size (activated by hand), else the
 * shipped one the size rule picks (among all of them where none is shipped). A model trained or imported here plans
 * only once activated: a retrained model its run did not activate, having planned the held-out days worse, must not
 * take over the days of its size by the size rule; and one activated by its run plans only the size bands it was judged
 * on, the days of another band keeping their model. The planning service (and through it the plan view's and
 * `jampr`'s model name, the judging of a retraining's held-out days) and the Training tab (naming the model a
 * retraining starts from) ask this one rule.
 */
export function modelThatPlans<T extends ListedModel>(
  models: readonly T[],
  method: 'jampr' | 'am',
  variant: string,
  size: number,
): T | undefined {
  const candidates = models.filter((m) => m.card.method === method && m.card.variant === variant);
  const band = sizeBand(candidates, method, variant, size);
  const forBand = candidates.find((m) => Array.isArray(m.activeFor) && band !== undefined && m.activeFor.includes(band));
  if (forBand) return forBand;
  const forAll = candidates.find((m) => m.activeFor === 'all');
  if (forAll) return forAll;
  return nearestModel(automaticCandidates(candidates, method, variant), size, sized);
}

/**
 * The customer counts of a size band in words, as the rule draws them: "under 35 customers", "of 35 customers or more",
 * "of 35–74 customers"; "of every size" where the policy has one band. Found by the rule itself (sizeBand for every
 * count a learned model plans), so that the words never tell another rule.
 */
export function bandWords(models: readonly ListedModel[], method: 'jampr' | 'am', variant: string, band: number): string {
  let first: number | undefined;
  let last: number | undefined;
  for (let n = 1; n <= MAX_MODEL_CUSTOMERS; n++) {
    if (sizeBand(models, method, variant, n) !== band) continue;
    first ??= n;
    last = n;
  }
  if (first === undefined || last === undefined) return `of the size band ${band}, which no model plans now`;
  if (first === 1 && last === MAX_MODEL_CUSTOMERS) return 'of every size';
  if (first === 1) return `under ${last + 1} customers`;
  if (last === MAX_MODEL_CUSTOMERS) return `of ${first} customers or more`;
  return `of ${first}–${last} customers`;
}

/** The days an active model plans, in words ("days under 35 customers", "days of every size"); null when it is not active. */
export function activeDaysWords(models: readonly ListedModel[], model: ListedModel): string | null {
  const { activeFor, card } = model;
  if (activeFor === null) return null;
  const bands = sizeBands(models, card.method, card.variant);
  if (activeFor === 'all' || bands.every((band) => activeFor.includes(band))) return 'days of every size';
  return `days ${[...activeFor]
    .sort((a, b) => a - b)
    .map((band) => bandWords(models, card.method, card.variant, band))
    .join(' and days ')}`;
}

/**
 * The days an active model plans in words where they are not every size of its policy ("days under 35 customers"),
 * else null (every size, or not active): what the Models table writes after "active for", and the run's verdict and
 * the Training tab's "As of now" after "active for" too, so that all three say the days alike.
 */
export function someDaysWords(models: readonly ListedModel[], model: ListedModel): string | null {
  const days = activeDaysWords(models, model);
  return days === 'days of every size' ? null : days;
}

/** A model as far as whether it can plan a request: its name (or folder), its method and the policy it learned. */
export interface ModelIdentity {
  name: string;
  kind: 'jampr' | 'am';
  variant: string;
}

/** How a request sets the method and the policy, for the way out of a refusal: the app's words unless told. */
export interface RequestWords {
  method(method: 'jampr' | 'am'): string;
  policy(variant: string): string;
}

const APP_WORDS: RequestWords = { method: (m) => `the method ${m}`, policy: (v) => `the policy ${v}` };
const aModel = (kind: 'jampr' | 'am') => `${kind === 'am' ? 'an' : 'a'} ${kind} model`;

/**
 * Why a model asked for cannot plan with `method` under `variant`, or null when it can: a model of the other method,
 * or one that learned another policy's costs (planning a policy with another's model is a mistake, not a choice).
 * One rule for the app's model id (services/models.ts `resolveModel`) and jampr's --model (plan and bench), each
 * saying the way out in its own words: "--variant tw3" on the command line.
 */
export function modelMismatch(
  model: ModelIdentity,
  method: 'jampr' | 'am',
  variant: string,
  words: RequestWords = APP_WORDS,
): string | null {
  if (model.kind !== method)
    return `model ${model.name} is ${aModel(model.kind)}, not ${method}: choose ${aModel(method)}, or ${words.method(model.kind)}`;
  if (model.variant !== variant)
    return `model ${model.name} was trained for ${model.variant}, not ${variant}: choose a model trained for ${variant}, or ${words.policy(model.variant)}`;
  return null;
}
