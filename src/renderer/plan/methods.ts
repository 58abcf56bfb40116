/**
 * The planning methods a dispatcher can pick, and how each becomes a `plans:create` request. One table, so the
 * header's selector, the compare view and the history labels agree.
 */
import type { PlanRequest, VariantRequest } from '../../shared/api.js';
import { latenessPrice, VARIANT_DEFAULTS, VARIANT_LABELS, type Variant, type VariantName } from '../../shared/domain.js';

export type MethodChoice = 'jampr-greedy' | 'jampr-sample' | 'jampr-ls' | 'am' | 'classical' | 'random';

export interface MethodOption {
  id: MethodChoice;
  label: string;
  /** What the effort field means for this method, if it has one. */
  effort?: { label: string; min: number; max: number; step: number; default: number };
}

export const METHOD_OPTIONS: readonly MethodOption[] = [
  { id: 'jampr-greedy', label: 'JAMPR greedy' },
  { id: 'jampr-sample', label: 'JAMPR sampling', effort: { label: 'samples', min: 1, max: 1280, step: 1, default: 128 } },
  { id: 'jampr-ls', label: 'JAMPR + local search', effort: { label: 'LS seconds', min: 0.5, max: 120, step: 0.5, default: 5 } },
  { id: 'am', label: 'AM+TW' },
  { id: 'classical', label: 'Classical (construction + LS)', effort: { label: 'seconds', min: 0.1, max: 120, step: 0.1, default: 2 } },
  { id: 'random', label: 'Random (baseline)' },
];

export function methodOption(id: MethodChoice): MethodOption {
  const option = METHOD_OPTIONS.find((m) => m.id === id);
  if (!option) throw new Error(`unknown method ${id}`);
  return option;
}

/** The request part that depends on the method; `effort` is the number in the method's effort field. */
export function methodRequest(
  choice: MethodChoice,
  effort: number,
): Pick<PlanRequest, 'method' | 'decode' | 'samples' | 'improveSec' | 'timeLimitSec'> {
  switch (choice) {
    case 'jampr-greedy':
      return { method: 'jampr', decode: 'greedy' };
    case 'jampr-sample':
      return { method: 'jampr', decode: 'sample', samples: Math.max(1, Math.round(effort)) };
    case 'jampr-ls':
      return { method: 'jampr', decode: 'greedy', improveSec: effort };
    case 'am':
      return { method: 'am', decode: 'greedy' };
    case 'classical':
      return { method: 'classical', timeLimitSec: effort };
    case 'random':
      return { method: 'random' };
  }
}

/** The policy as the user edits it; beta is meaningless under tw1 (lateness forbidden) and not sent. */
export interface Policy {
  name: VariantName;
  alpha: number;
  beta: number;
}

export function defaultPolicy(name: VariantName): Policy {
  const base = VARIANT_DEFAULTS[name];
  return { name, alpha: base.alpha, beta: latenessPrice(base) ?? VARIANT_DEFAULTS.tw3.beta };
}

export function policyRequest(policy: Policy): VariantRequest {
  return policy.name === 'tw1' ? { name: 'tw1', alpha: policy.alpha } : { name: policy.name, alpha: policy.alpha, beta: policy.beta };
}

/** "soft (α 0.1, β 0.5)" for a variant or the policy being edited (under tw1 lateness has no price: it is forbidden). */
export function describeVariant(variant: Variant | Policy): string {
  const label = VARIANT_LABELS[variant.name];
  if (variant.name === 'tw1') return `${label} (α ${variant.alpha})`;
  return `${label} (α ${variant.alpha}, β ${variant.beta})`;
}

/** A stored plan's method string as a readable label ("classical", "jampr", "manual"...). */
export function describeMethod(method: string): string {
  const known: Record<string, string> = { jampr: 'JAMPR', am: 'AM+TW', classical: 'Classical', random: 'Random', manual: 'Edited by hand' };
  return known[method] ?? method;
}
