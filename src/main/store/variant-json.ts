import { makeVariant, type PenaltyShape, type Variant, type VariantName } from '../../shared/domain.js';

interface VariantJson {
  name: VariantName;
  alpha: number;
  /** null where beta is Infinity (tw1): JSON has no Infinity. */
  beta: number | null;
  penalty: PenaltyShape;
}

export const variantToJson = (v: Variant): string =>
  JSON.stringify({ name: v.name, alpha: v.alpha, beta: Number.isFinite(v.beta) ? v.beta : null, penalty: v.penalty });

/** Rebuilt through makeVariant so a stored tw1 gets its infinite beta back. */
export function variantFromJson(text: string): Variant {
  const v = JSON.parse(text) as VariantJson;
  return makeVariant(v.name, { alpha: v.alpha, beta: v.beta ?? undefined, penalty: v.penalty });
}
