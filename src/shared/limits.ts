/**
 * The product's size limits, one place for the API schemas, the readers and the CLI (documented in
 * docs/limits.md with the measurements they were chosen from).
 */

/** Sampled plans per request: 100,000 samples of a 100-customer instance take minutes already. */
export const MAX_SAMPLES = 100_000;
/** Seconds a solver may be given. */
export const MAX_TIME_LIMIT_SEC = 600;
