/**
 * Two-parameter Weibull life model fitted by maximum likelihood to right-censored data, and the
 * two questions a maintenance planner asks of it: how likely is this unit to fail in the next
 * `h`, and how long should it still last. Method, references and tested tolerances: README.md.
 */

/** One unit: failed at `time`, or still running / removed unfailed at `time` (right-censored). */
export interface LifeSample {
  time: number;
  failed: boolean;
}

export interface WeibullFit {
  /** β, the slope: < 1 infant mortality, 1 random, > 1 wear-out. */
  shape: number;
  /** η, the characteristic life (63.2 % failed), in the unit of the sample times. */
  scale: number;
  failures: number;
  censored: number;
  /** ln L at the estimate, density terms for failures and survival terms for censored units. */
  logLikelihood: number;
  /** Two-sided Wald intervals on ln β and ln η from the observed information, back-transformed. */
  shapeCi: [number, number];
  scaleCi: [number, number];
  confidence: number;
}

export type WeibullFitProblem = 'invalid-time' | 'too-few-failures' | 'degenerate';

export type WeibullFitResult =
  { ok: true; fit: WeibullFit } | { ok: false; code: WeibullFitProblem; reason: string };

export interface WeibullFitOptions {
  /** Fewer failures than this give no fit (default 5). */
  minFailures?: number;
  /** Two-sided level of the intervals (default 0.9). */
  confidence?: number;
}

export const DEFAULT_MIN_FAILURES = 5;
export const DEFAULT_CONFIDENCE = 0.9;

/** Beyond this the profile equation has no usable root: the failures are all but identical. */
const MAX_SHAPE = 1e6;
const SHAPE_TOLERANCE = 1e-12;

export function fitWeibull(
  samples: readonly LifeSample[],
  options: WeibullFitOptions = {},
): WeibullFitResult {
  const minFailures = options.minFailures ?? DEFAULT_MIN_FAILURES;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(minFailures) || minFailures < 2) {
    throw new RangeError('minFailures must be an integer of at least 2');
  }
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confidence must be in (0, 1)');

  const bad = samples.find((sample) => !(Number.isFinite(sample.time) && sample.time > 0));
  if (bad) {
    return { ok: false, code: 'invalid-time', reason: `time ${bad.time} is not a positive number` };
  }
  const failureTimes = samples.filter((sample) => sample.failed).map((sample) => sample.time);
  const failures = failureTimes.length;
  if (failures < minFailures) {
    return {
      ok: false,
      code: 'too-few-failures',
      reason: `${failures} failure${failures === 1 ? '' : 's'} recorded, at least ${minFailures} needed`,
    };
  }
  if (failureTimes.every((time) => time === failureTimes[0])) {
    return { ok: false, code: 'degenerate', reason: 'every failure happened at the same time' };
  }

  const { logs, shift, u } = shiftedLogs(samples);
  let meanFailureU = 0;
  samples.forEach((sample, i) => {
    if (sample.failed) meanFailureU += u[i]! / failures;
  });

  const shape = solveShape(u, meanFailureU, initialShape(failureTimes));
  if (shape === null) {
    return {
      ok: false,
      code: 'degenerate',
      reason: 'the shape cannot be estimated from these times',
    };
  }
  const logScale = logScaleAt(u, shift, shape, failures);
  const scale = Math.exp(logScale);

  // Observed information of (ln β, ln η) at the estimate, with y = ln z = β ln(t/η): the
  // gradient is zero there, so it is J·I(β, η)·J with J = diag(β, η), and Σz = r exactly.
  let sumZ = 0;
  let sumZY = 0;
  let sumZYY = 0;
  let logLikelihood = 0;
  samples.forEach((sample, i) => {
    const y = shape * (logs[i]! - logScale);
    const z = Math.exp(y);
    sumZ += z;
    sumZY += z * y;
    sumZYY += z * y * y;
    if (sample.failed) logLikelihood += Math.log(shape) - logs[i]! + y;
  });
  logLikelihood -= sumZ;
  const infoShape = failures + sumZYY;
  const infoScale = shape * shape * sumZ;
  const infoCross = -shape * sumZY;
  const determinant = infoShape * infoScale - infoCross * infoCross;
  const z = normalQuantile(0.5 + confidence / 2);
  const halfWidthLogShape = z * Math.sqrt(infoScale / determinant);
  const halfWidthLogScale = z * Math.sqrt(infoShape / determinant);

  return {
    ok: true,
    fit: {
      shape,
      scale,
      failures,
      censored: samples.length - failures,
      logLikelihood,
      shapeCi: [shape * Math.exp(-halfWidthLogShape), shape * Math.exp(halfWidthLogShape)],
      scaleCi: [scale * Math.exp(-halfWidthLogScale), scale * Math.exp(halfWidthLogScale)],
      confidence,
    },
  };
}

/** ln L(β, η) of the samples: Σ_failed ln f(t) + Σ_censored ln R(t). */
export function weibullLogLikelihood(
  samples: readonly LifeSample[],
  shape: number,
  scale: number,
): number {
  let total = 0;
  for (const { time, failed } of samples) {
    const y = shape * Math.log(time / scale);
    if (failed) total += Math.log(shape) - Math.log(time) + y;
    total -= Math.exp(y);
  }
  return total;
}

/** The η that maximises the likelihood with β held at `shape`: (Σ tᵢ^β / r)^(1/β). */
export function scaleAtShape(samples: readonly LifeSample[], shape: number): number {
  const failures = samples.filter((sample) => sample.failed).length;
  if (failures === 0 || !(shape > 0)) throw new RangeError('needs a failure and a positive shape');
  const { shift, u } = shiftedLogs(samples);
  return Math.exp(logScaleAt(u, shift, shape, failures));
}

/** ln t, and ln t − max ln t: as weights e^{βu} in (0, 1], t^β never overflows. */
function shiftedLogs(samples: readonly LifeSample[]) {
  const logs = samples.map((sample) => Math.log(sample.time));
  const shift = logs.reduce((max, log) => Math.max(max, log), -Infinity);
  return { logs, shift, u: logs.map((log) => log - shift) };
}

function logScaleAt(u: readonly number[], shift: number, shape: number, failures: number) {
  let sum = 0;
  for (const value of u) sum += Math.exp(shape * value);
  return shift + Math.log(sum / failures) / shape;
}

/** Menon's moment estimate π / (√6 · sd of ln t over failures): a start near the root. */
function initialShape(failureTimes: readonly number[]): number {
  const logs = failureTimes.map(Math.log);
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const variance = logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1);
  const guess = Math.PI / Math.sqrt(6 * variance);
  return Number.isFinite(guess) && guess > 0 ? guess : 1;
}

/**
 * Root of the profile equation g(β) = Σ w·u / Σ w − 1/β − mean of u over failures, w = e^{βu}.
 * g is increasing (g' is a weighted variance plus 1/β²), tends to −∞ at 0 and to
 * max u − mean failure u > 0 at ∞ when the failures are not all equal: one root. Newton steps,
 * replaced by bisection whenever they leave the bracket.
 */
function solveShape(u: readonly number[], meanFailureU: number, start: number): number | null {
  const evaluate = (shape: number) => {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (const value of u) {
      const w = Math.exp(shape * value);
      s0 += w;
      s1 += w * value;
      s2 += w * value * value;
    }
    const mean = s1 / s0;
    return { g: mean - 1 / shape - meanFailureU, slope: s2 / s0 - mean * mean + 1 / shape ** 2 };
  };

  let low = start;
  let high = start;
  while (evaluate(low).g > 0) {
    low /= 2;
    if (low < 1 / MAX_SHAPE) return null;
  }
  while (evaluate(high).g < 0) {
    high *= 2;
    if (high > MAX_SHAPE) return null;
  }
  let shape = start;
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const { g, slope } = evaluate(shape);
    if (g === 0) return shape;
    if (g < 0) low = shape;
    else high = shape;
    let next = shape - g / slope;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - shape) <= SHAPE_TOLERANCE * shape) return next;
    shape = next;
  }
  return shape;
}

/** P(T ≤ age + horizon | T > age) = 1 − R(age + horizon) / R(age). */
export function probabilityOfFailureWithin(
  fit: Pick<WeibullFit, 'shape' | 'scale'>,
  age: number,
  horizon: number,
): number {
  assertModel(fit);
  assertNonNegative('age', age);
  assertNonNegative('horizon', horizon);
  const cumulativeHazard = (t: number) => (t / fit.scale) ** fit.shape;
  const added = cumulativeHazard(age + horizon) - cumulativeHazard(age);
  return Math.min(1, Math.max(0, -Math.expm1(-added)));
}

/**
 * E[T − age | T > age] = ∫_age^∞ R(t) dt / R(age). With u = (t/η)^β, dt = (η/β) u^{1/β − 1} du,
 * so ∫_age^∞ R = (η/β) Γ(1/β, x) = η Γ(1 + 1/β) Q(1/β, x), x = (age/η)^β, and R(age) = e^{−x}.
 */
export function meanResidualLife(fit: Pick<WeibullFit, 'shape' | 'scale'>, age: number): number {
  assertModel(fit);
  assertNonNegative('age', age);
  const a = 1 / fit.shape;
  const x = (age / fit.scale) ** fit.shape;
  return Math.exp(Math.log(fit.scale) + lnGamma(1 + a) + lnScaledUpperGamma(a, x));
}

function assertModel({ shape, scale }: Pick<WeibullFit, 'shape' | 'scale'>) {
  if (!(shape > 0 && Number.isFinite(shape) && scale > 0 && Number.isFinite(scale))) {
    throw new RangeError('shape and scale must be positive numbers');
  }
}

function assertNonNegative(name: string, value: number) {
  if (!(value >= 0 && Number.isFinite(value))) throw new RangeError(`${name} must be ≥ 0`);
}

// --- Special functions (Numerical Recipes-style, written here) ---------------------------------

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0, Lanczos (g = 7, 9 terms), about 1e-15 relative. */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const shifted = x - 1;
  let series = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i += 1) series += LANCZOS[i]! / (shifted + i);
  const t = shifted + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(series);
}

const GAMMA_EPSILON = 1e-15;
const GAMMA_MAX_ITERATIONS = 1000;
const TINY = 1e-300;

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function. */
export function regularizedGammaQ(a: number, x: number): number {
  return Math.exp(lnScaledUpperGamma(a, x) - x);
}

/**
 * ln(Q(a, x) · eˣ), computed without forming Q, so that large x (old units, R(age) ≈ 0) neither
 * underflows nor cancels. Series for P when x < a + 1, continued fraction for Q otherwise.
 */
function lnScaledUpperGamma(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError('incomplete gamma needs a > 0 and x ≥ 0');
  if (x === 0) return 0;
  const lnPrefactor = a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < GAMMA_MAX_ITERATIONS; n += 1) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * GAMMA_EPSILON) break;
    }
    const lower = Math.exp(lnPrefactor - x) * sum;
    return Math.log1p(-lower) + x;
  }
  // Modified Lentz evaluation of the continued fraction for Γ(a, x) eˣ x^{−a}.
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n < GAMMA_MAX_ITERATIONS; n += 1) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < GAMMA_EPSILON) break;
  }
  return lnPrefactor + Math.log(h);
}

/** Φ(z) from Q(½, z²/2) = erfc(|z|/√2). */
function normalCdf(z: number): number {
  const tail = 0.5 * regularizedGammaQ(0.5, (z * z) / 2);
  return z < 0 ? tail : 1 - tail;
}

const ACKLAM_A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
  -3.066479806614716e1, 2.506628277459239,
];
const ACKLAM_B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
  -1.328068155288572e1,
];
const ACKLAM_C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
];
const ACKLAM_D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

const polynomial = (coefficients: readonly number[], x: number) =>
  coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);

/** Φ⁻¹(p): Acklam's rational approximation (1e-9) polished by one Halley step on Φ. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('p must be in (0, 1)');
  const tailSplit = 0.02425;
  let x: number;
  if (p < tailSplit || p > 1 - tailSplit) {
    const q = Math.sqrt(-2 * Math.log(Math.min(p, 1 - p)));
    x = polynomial(ACKLAM_C, q) / (polynomial(ACKLAM_D, q) * q + 1);
    if (p > 0.5) x = -x;
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = (polynomial(ACKLAM_A, r) * q) / (polynomial(ACKLAM_B, r) * r + 1);
  }
  const error = normalCdf(x) - p;
  const step = error * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - step / (1 + (x * step) / 2);
}
