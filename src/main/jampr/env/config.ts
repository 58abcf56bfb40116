import type { Variant, VariantName } from '../../../shared/domain.js';

/**
 * How the environment builds tours (docs/model.md, "The environment"; docs/decisions.md). JAMPR runs m_con
 * vehicles at once with at most m_pre premature returns; the AM+TW baseline is the same environment with one
 * vehicle and no premature-return limit. Both use the instance's own fleet K (generated instances have K = N)
 * and the fleet rule (env/rules.ts).
 */
export interface EnvConfig {
  variant: Variant;
  /** m_con: vehicles active at once (slots). */
  mCon: number;
  /** m_pre: voluntary returns allowed per episode (Infinity for AM+TW). */
  mPre: number;
}

/** m_pre for CVRP-TW (docs/model.md, "The environment"). */
export const DEFAULT_M_PRE = 6;

/** The default m_con (docs/decisions.md): 2 up to N=20 and 3 from N=50 for tw1/tw2 (nearest of the two between), 1 for tw3. */
export function defaultMCon(variant: VariantName, n: number): number {
  if (variant === 'tw3') return 1;
  return n < 35 ? 2 : 3;
}

export function jamprEnvConfig(variant: Variant, n: number, overrides: Partial<EnvConfig> = {}): EnvConfig {
  return {
    variant,
    mCon: overrides.mCon ?? defaultMCon(variant.name, n),
    mPre: overrides.mPre ?? DEFAULT_M_PRE,
  };
}

export const amEnvConfig = (variant: Variant): EnvConfig => ({ variant, mCon: 1, mPre: Infinity });
