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

/** A model as the store lists it, as far as choosing one to plan with needs. */
export interface ListedModel {
  name: string;
  active: boolean;
  builtIn: boolean;
  card: { method: 'jampr' | 'am'; variant: string; size: number };
}

/**
 * The model that plans a day of `size` customers when none was asked for: the active model of the method and
 * policy, else the shipped one the size rule picks (among all of them where none is shipped). A model trained or
 * imported here plans only once activated: a retrained model its run did not activate, having planned the held-out
 * days worse, must not take over the days of its size by the size rule. The planning service and the Training tab
 * (naming the model a retraining starts from) ask this one rule.
 */
export function modelThatPlans<T extends ListedModel>(
  models: readonly T[],
  method: 'jampr' | 'am',
  variant: string,
  size: number,
): T | undefined {
  const candidates = models.filter((m) => m.card.method === method && m.card.variant === variant);
  const active = candidates.find((m) => m.active);
  if (active) return active;
  const shipped = candidates.filter((m) => m.builtIn);
  return nearestModel(shipped.length > 0 ? shipped : candidates, size, (m) => ({ name: m.name, size: m.card.size }));
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
