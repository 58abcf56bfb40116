import jstat from 'jstat';

/**
 * The one-sided paired t-test of the rollout baseline (docs/model.md, "Training"): is the candidate's
 * cost lower than the baseline's on the same instances? Student's t distribution comes from jStat.
 */

/** p = P(T_{n−1} ≤ t) for t = mean(d)/(sd(d)/√n), d = candidate − baseline. Small p: the candidate is better. */
export function pairedOneSidedP(candidate: ArrayLike<number>, baseline: ArrayLike<number>): number {
  const n = candidate.length;
  if (n !== baseline.length || n < 2) throw new RangeError('the paired t-test needs two equal samples of at least 2');
  let mean = 0;
  for (let i = 0; i < n; i++) mean += candidate[i] - baseline[i];
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (candidate[i] - baseline[i] - mean) ** 2;
  const sd = Math.sqrt(ss / (n - 1));
  if (sd === 0) return mean < 0 ? 0 : 1;
  return jstat.jStat.studentt.cdf(mean / (sd / Math.sqrt(n)), n - 1);
}
