/**
 * The time-window policy as the dispatcher edits it (hard / partly soft / soft with its prices), not to be
 * confused with the neural policy that plans. Beta is kept while tw1 is shown, so that switching back restores
 * it, but it is not sent: under tw1 lateness is forbidden, not priced.
 */
import type { VariantRequest } from '../../shared/api.js';
import { latenessPrice, VARIANT_DEFAULTS, VARIANT_LABELS, type Variant, type VariantName, variantWaits } from '../../shared/domain.js';

export interface TimeWindowPolicy {
  name: VariantName;
  alpha: number;
  beta: number;
}

export function defaultPolicy(name: VariantName): TimeWindowPolicy {
  const base = VARIANT_DEFAULTS[name];
  return { name, alpha: base.alpha, beta: latenessPrice(base) ?? VARIANT_DEFAULTS.tw3.beta };
}

/** The policy a plan was made under, as the controls show it (tw1's plan keeps the lateness price last set). */
export function policyOf(variant: Variant, current: TimeWindowPolicy): TimeWindowPolicy {
  return { name: variant.name, alpha: variant.alpha, beta: latenessPrice(variant) ?? current.beta };
}

export function policyRequest(policy: TimeWindowPolicy): VariantRequest {
  return policy.name === 'tw1' ? { name: 'tw1', alpha: policy.alpha } : { name: policy.name, alpha: policy.alpha, beta: policy.beta };
}

/**
 * "soft (α 0.1, β 0.5)" for a variant or the policy being edited (under tw1 lateness has no price: it is forbidden);
 * a plan priced with quadratic penalties (the API's and the CLI's choice) says so: "soft (α 0.1, β 0.5, quadratic)".
 */
export function describeVariant(variant: Variant | TimeWindowPolicy): string {
  const label = VARIANT_LABELS[variant.name];
  const shape = 'penalty' in variant && variant.penalty === 'quadratic' ? ', quadratic' : '';
  if (variant.name === 'tw1') return `${label} (α ${variant.alpha}${shape})`;
  return `${label} (α ${variant.alpha}, β ${variant.beta}${shape})`;
}

/**
 * The figure a plan's early arrivals are shown as, in the Plan view's cards and the Compare view's key figures alike:
 * its wait under a policy that waits (there its earliness is the same number: priced as the wait under hard windows,
 * free under partly soft ones), its earliness under the one that serves at once and prices it (soft).
 */
export const earlyFigure = (name: VariantName) =>
  variantWaits(name) ? ({ key: 'wait', label: 'Wait' } as const) : ({ key: 'early', label: 'Earliness' } as const);
