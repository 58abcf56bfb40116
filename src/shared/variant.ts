/**
 * The paper's three time-window policies (tw1 hard, tw2 partly soft, tw3 soft) and their prices: the presets, their
 * words for the dispatcher, and the rules the evaluator and the model's environment read (docs/cost.md). Part of the
 * shared domain (domain.ts re-exports it); plain data only.
 */
import { z } from 'zod';

/** The paper's three time-window policies. */
export const variantNameSchema = z.enum(['tw1', 'tw2', 'tw3']);
export type VariantName = z.infer<typeof variantNameSchema>;
export const VARIANT_NAMES: readonly VariantName[] = variantNameSchema.options;

export const penaltyShapeSchema = z.enum(['linear', 'quadratic']);
export type PenaltyShape = z.infer<typeof penaltyShapeSchema>;

/** A price per unit of earliness or lateness. */
export const priceSchema = z.number().min(0);

/**
 * A fully resolved cost policy: a preset plus its parameters. tw1 forbids lateness, so it has no lateness price
 * at all (rather than an infinite one): the same plain JSON in memory, on the wire and in the store.
 */
export const variantSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('tw1'),
    /** Price per unit of earliness (the waiting time in tw1). */
    alpha: priceSchema,
    penalty: penaltyShapeSchema,
  }),
  z.object({
    name: z.enum(['tw2', 'tw3']),
    /** Price per unit of earliness (the waiting time in tw2). */
    alpha: priceSchema,
    /** Price per unit of lateness. */
    beta: priceSchema,
    penalty: penaltyShapeSchema,
  }),
]);
export type Variant = z.infer<typeof variantSchema>;

/** The parameters a preset can be given. */
export type VariantOverrides = Partial<{ alpha: number; beta: number; penalty: PenaltyShape }>;

export const VARIANT_LABELS: Record<VariantName, string> = {
  tw1: 'hard',
  tw2: 'partly soft',
  tw3: 'soft',
};

/**
 * What each policy does at a window, in a dispatcher's words (docs/cost.md): "soft" reads as "may be late", so that
 * it also serves on arrival, hours before a window opens, is said where the policy is chosen.
 */
export const VARIANT_RULES: Record<VariantName, string> = {
  tw1: 'hard: a driver early at a stop waits for its window to open (waiting priced at α); never late; back by the end of the shift',
  tw2: 'partly soft: a driver early waits for the window (waiting priced at α, 0 by default); late is allowed, priced at β',
  tw3: 'soft: a driver serves on arrival, even hours before a window opens (earliness priced at α); late is allowed, priced at β',
};

export const VARIANT_DEFAULTS = {
  tw1: { name: 'tw1', alpha: 1.0, penalty: 'linear' },
  tw2: { name: 'tw2', alpha: 0.0, beta: 0.5, penalty: 'linear' },
  tw3: { name: 'tw3', alpha: 0.1, beta: 0.5, penalty: 'linear' },
} as const satisfies Record<VariantName, Variant>;

/** Builds a variant from its preset name, overriding only the parameters given (tw1 has no lateness price). */
export function makeVariant(name: VariantName, overrides: VariantOverrides = {}): Variant {
  const alpha = overrides.alpha ?? VARIANT_DEFAULTS[name].alpha;
  const penalty = overrides.penalty ?? VARIANT_DEFAULTS[name].penalty;
  if (name === 'tw1') return { name, alpha, penalty };
  return { name, alpha, beta: overrides.beta ?? VARIANT_DEFAULTS[name].beta, penalty };
}

/** The price per unit of lateness, or null where lateness is forbidden (tw1). */
export const latenessPrice = (variant: Variant): number | null => (variant.name === 'tw1' ? null : variant.beta);

/** Does a vehicle arriving early wait for the window to open (tw1, tw2) or start service at once (tw3)? */
export const variantWaits = (v: VariantName): boolean => v !== 'tw3';
/** Are time windows and the depot horizon hard rules? (Capacity is always hard.) */
export const variantHardTime = (v: VariantName): boolean => v === 'tw1';
