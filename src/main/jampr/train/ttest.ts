/**
 * The one-sided paired t-test of the rollout baseline (docs/model.md, "Training"): is the candidate's
 * cost lower than the baseline's on the same instances? Student's t CDF through the regularised
 * incomplete beta function (continued fraction, as in Numerical Recipes' betacf).
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
  return studentCdf(mean / (sd / Math.sqrt(n)), n - 1);
}

/** CDF of Student's t with `dof` degrees of freedom. */
export function studentCdf(t: number, dof: number): number {
  const tail = 0.5 * incompleteBeta(dof / 2, 0.5, dof / (dof + t * t));
  return t >= 0 ? 1 - tail : tail;
}

/** Regularised incomplete beta I_x(a, b). */
function incompleteBeta(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    c = 1 + aa / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    c = 1 + aa / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-12) break;
  }
  return h;
}

/** Lanczos approximation of ln Γ(z), z > 0. */
function logGamma(z: number): number {
  const g = [76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5];
  const x = z;
  let y = z;
  let tmp = x + 5.5;
  tmp -= (x + 0.5) * Math.log(tmp);
  let series = 1.000000000190015;
  for (const c of g) series += c / ++y;
  return -tmp + Math.log((2.5066282746310005 * series) / x);
}
