/**
 * A number in a message: two decimals at most (17.5, not 17.500000001); a value too large to round (1e308 × 100
 * overflows) is shown as it is, never as "Infinity". One rule for the validator's and the evaluator's messages.
 */
export const twoDecimals = (v: number): string => (Number.isFinite(v * 100) ? String(Math.round(v * 100) / 100) : String(v));
