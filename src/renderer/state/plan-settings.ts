/**
 * What the Plan bar's controls hold (the time-window policy, the method and its effort), how a plan on screen sets
 * them, how they are said in words, and how the dispatcher's own choice of them is kept in this browser.
 */
import type { StoredPlan } from '../../shared/api.js';
import { VARIANT_NAMES } from '../../shared/domain.js';
import { MAX_PRICE } from '../../shared/limits.js';
import { isMethodChoice, type MethodChoice, methodChoiceOf, methodOption } from '../../shared/methods.js';
import { defaultPolicy, describeVariant, policyOf, type TimeWindowPolicy } from '../plan/time-window-policy.js';
import type { KeyValueStore } from './last-opened.js';

export interface PlanSettings {
  policy: TimeWindowPolicy;
  method: MethodChoice;
  /** The number in the method's effort field (kept while a method without one is chosen). */
  effort: number;
}

/** What the app starts with, before the dispatcher chooses. */
export const INITIAL_SETTINGS: PlanSettings = {
  policy: defaultPolicy('tw1'),
  method: 'classical',
  effort: methodOption('classical').effort!.default,
};

/**
 * The settings that make `plan` again: its policy, and its method with the effort it was given (plans stored before the
 * effort was kept: the samples its label names, else the method's default); where the app offers no method that makes
 * it (a hand-edited plan), the method and effort of `current` stay.
 */
export function settingsOfPlan(plan: Pick<StoredPlan, 'variant' | 'method' | 'effort'>, current: PlanSettings): PlanSettings {
  const policy = policyOf(plan.variant, current.policy);
  const made = methodChoiceOf(plan.method);
  if (!made) return { ...current, policy };
  const byDefault = made.choice === current.method ? undefined : methodOption(made.choice).effort?.default;
  return { policy, method: made.choice, effort: plan.effort ?? made.samples ?? byDefault ?? current.effort };
}

/** A method newly chosen starts from its own default effort (one without an effort field keeps the number). */
export const withMethod = (settings: PlanSettings, method: MethodChoice): PlanSettings => ({
  ...settings,
  method,
  effort: methodOption(method).effort?.default ?? settings.effort,
});

/** Whether planning with `a` and with `b` asks for the same plan (an effort the method has no field for is not sent). */
export function sameSettings(a: PlanSettings, b: PlanSettings): boolean {
  const samePolicy = a.policy.name === b.policy.name && a.policy.alpha === b.policy.alpha;
  const sameBeta = a.policy.name === 'tw1' || a.policy.beta === b.policy.beta;
  const effortCounts = methodOption(a.method).effort !== undefined;
  return samePolicy && sameBeta && a.method === b.method && (!effortCounts || a.effort === b.effort);
}

/** "hard (α 1) · Classical (construction + LS), 2 seconds". */
export function describeSettings({ policy, method, effort }: PlanSettings): string {
  const option = methodOption(method);
  return `${describeVariant(policy)} · ${option.label}${option.effort ? `, ${effort} ${option.effort.label}` : ''}`;
}

/** Where the dispatcher's own choice is kept (this browser's, or this desktop window's, localStorage). */
const OWN_KEY = 'jampr.planSettings';

const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_PRICE;

/**
 * The dispatcher's own choice as last kept, so that a reload does not start from the defaults again; the defaults
 * where nothing is kept or what is kept is not a choice the controls could hold (an unknown policy or method, a
 * price or an effort out of the fields' bounds: an older version's, or edited by hand).
 */
export function readOwnSettings(storage: KeyValueStore): PlanSettings {
  try {
    const kept = JSON.parse(storage.getItem(OWN_KEY) ?? 'null') as {
      policy?: Partial<TimeWindowPolicy>;
      method?: unknown;
      effort?: unknown;
    } | null;
    const policy = kept?.policy;
    if (!policy || !VARIANT_NAMES.includes(policy.name as TimeWindowPolicy['name'])) return INITIAL_SETTINGS;
    if (!isPrice(policy.alpha) || !isPrice(policy.beta)) return INITIAL_SETTINGS;
    if (typeof kept.method !== 'string' || !isMethodChoice(kept.method)) return INITIAL_SETTINGS;
    const effort = kept.effort;
    const bounds = methodOption(kept.method).effort;
    if (typeof effort !== 'number' || !Number.isFinite(effort) || (bounds && (effort < bounds.min || effort > bounds.max)))
      return INITIAL_SETTINGS;
    return { policy: { name: policy.name!, alpha: policy.alpha, beta: policy.beta }, method: kept.method, effort };
  } catch {
    return INITIAL_SETTINGS;
  }
}

export function rememberOwnSettings(settings: PlanSettings, storage: KeyValueStore): void {
  storage.setItem(OWN_KEY, JSON.stringify(settings));
}
