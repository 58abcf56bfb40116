/**
 * What the cost makes of a driver's time at the depot before the first stop (docs/cost.md), in the timeline's key,
 * its bars' titles and the Compare view's "at the depot" row alike: vehicles leave at the shift start, so it is the
 * first stop's wait, priced at the policy's α where the policy waits (hard, partly soft windows) and free at α 0 (the
 * partly soft preset); under soft windows a vehicle never waits (it serves at once, early at a price), so there is no
 * such time. Said by the plan's own policy, its α included: "priced" for a partly soft plan at α 0 was untrue.
 */
import { type Variant, VARIANT_LABELS, variantWaits } from '../../shared/domain.js';

export interface DepotWaitText {
  /** In the timeline's key: "at the depot (…)". */
  short: string;
  /** After a sentence saying who spends the time there. */
  long: string;
  /** A depot bar's title, given its length ("2h 10m"). */
  of(amount: string): string;
}

const PRICED: DepotWaitText = {
  short: 'priced as wait',
  long: "the plan's cost counts this time as waiting",
  of: (a) => `the cost counts these ${a} as waiting`,
};

const free = (name: 'tw1' | 'tw2'): DepotWaitText => ({
  short: 'waiting is free',
  long: `waiting is free under ${VARIANT_LABELS[name]} windows at α 0`,
  of: (a) => `these ${a} of waiting cost nothing at α 0`,
});
// Made once, so that a row drawn again is handed the same text (the timeline's rows are memoised on their props).
const FREE = { tw1: free('tw1'), tw2: free('tw2') };

const SERVED_AT_ONCE: DepotWaitText = {
  short: 'not priced',
  long: 'under soft windows the first stop is served at once',
  of: (a) => `${a}, not priced`,
};

export function depotWait({ name, alpha }: Pick<Variant, 'name' | 'alpha'>): DepotWaitText {
  if (name === 'tw3' || !variantWaits(name)) return SERVED_AT_ONCE;
  return alpha > 0 ? PRICED : FREE[name];
}

/** The Compare view's "at the depot" row: by each plan's policy, once where both say the same. */
export function depotWaitTitle(a: Pick<Variant, 'name' | 'alpha'>, b: Pick<Variant, 'name' | 'alpha'>): string {
  const lead = 'Drivers who leave later spend this at the depot';
  const [textA, textB] = [depotWait(a).long, depotWait(b).long];
  return textA === textB ? `${lead}; ${textA}` : `${lead}; A: ${textA}; B: ${textB}`;
}
