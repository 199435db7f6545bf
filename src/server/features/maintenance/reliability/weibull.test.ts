import { describe, expect, it } from 'vitest';
import {
  fitWeibull,
  lnGamma,
  meanResidualLife,
  normalQuantile,
  probabilityOfFailureWithin,
  regularizedGammaQ,
  scaleAtShape,
  weibullLogLikelihood,
  type LifeSample,
  type WeibullFit,
} from './weibull';

const failed = (times: readonly number[]): LifeSample[] =>
  times.map((time) => ({ time, failed: true }));
const running = (times: readonly number[]): LifeSample[] =>
  times.map((time) => ({ time, failed: false }));

function fitOf(samples: readonly LifeSample[], options?: Parameters<typeof fitWeibull>[1]) {
  const result = fitWeibull(samples, options);
  if (!result.ok) throw new Error(`expected a fit, got: ${result.reason}`);
  return result.fit;
}

/** Agrees with a published figure to every digit printed: within half a unit of the last one. */
function expectPublished(actual: number, published: string) {
  const decimals = published.split('.')[1]?.length ?? 0;
  expect(Math.abs(actual - Number(published))).toBeLessThanOrEqual(0.5 * 10 ** -decimals);
}

/** Mulberry32: a small seeded generator, so every simulated data set is the same on every run. */
function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Weibull lifetimes by inversion, each cut by an independent uniform(0, censorAt) removal time. */
function simulate(
  seed: number,
  units: number,
  truth: { shape: number; scale: number },
  censorAt = Infinity,
) {
  const random = mulberry32(seed);
  return Array.from({ length: units }, (): LifeSample => {
    const life = truth.scale * (-Math.log(1 - random())) ** (1 / truth.shape);
    const removal = Number.isFinite(censorAt) ? censorAt * random() : Infinity;
    return life <= removal ? { time: life, failed: true } : { time: removal, failed: false };
  });
}

/** Composite Simpson on [from, to] with `intervals` (even) steps. */
function simpson(f: (t: number) => number, from: number, to: number, intervals: number) {
  const h = (to - from) / intervals;
  let sum = f(from) + f(to);
  for (let i = 1; i < intervals; i += 1) sum += (i % 2 ? 4 : 2) * f(from + i * h);
  return (sum * h) / 3;
}

/** Coarse-to-fine grid search of ln L over (ln β, ln η), knowing nothing of the fitting code. */
function gridMaximum(samples: readonly LifeSample[]) {
  const times = samples.map((sample) => sample.time);
  let centre = { logShape: 0, logScale: Math.log(Math.max(...times)) };
  let halfRange = { logShape: 3, logScale: 4 };
  let best = { shape: NaN, scale: NaN, logLikelihood: -Infinity };
  for (let round = 0; round < 12; round += 1) {
    const steps = 60;
    for (let i = -steps; i <= steps; i += 1) {
      for (let j = -steps; j <= steps; j += 1) {
        const shape = Math.exp(centre.logShape + (i / steps) * halfRange.logShape);
        const scale = Math.exp(centre.logScale + (j / steps) * halfRange.logScale);
        const logLikelihood = weibullLogLikelihood(samples, shape, scale);
        if (logLikelihood > best.logLikelihood) best = { shape, scale, logLikelihood };
      }
    }
    centre = { logShape: Math.log(best.shape), logScale: Math.log(best.scale) };
    halfRange = { logShape: halfRange.logShape / 6, logScale: halfRange.logScale / 6 };
  }
  return best;
}

// NIST/SEMATECH e-Handbook of Statistical Methods, section 8.4.1.3 "A Weibull maximum likelihood
// estimation example" (https://www.itl.nist.gov/div898/handbook/apr/section4/apr413.htm):
// 20 units on test for 500 hours, 10 failures, 10 survivors removed at 500 h (Type I censoring).
const NIST_8_4_1_3 = [
  ...failed([54, 187, 216, 240, 244, 335, 361, 373, 375, 386]),
  ...running(Array<number>(10).fill(500)),
];

// Lieblein, J. & Zelen, M. (1956), "Statistical investigation of the fatigue life of deep-groove
// ball bearings", J. Res. NBS 57(5): 23 complete failures, millions of revolutions, as reproduced
// in Lawless, "Statistical Models and Methods for Lifetime Data" (2nd ed., 2003). Some copies
// print 48.80 for the seventh value; the Lawless figure is 48.48.
const BALL_BEARINGS = failed([
  17.88, 28.92, 33.0, 41.52, 42.12, 45.6, 48.48, 51.84, 51.96, 54.12, 55.56, 67.8, 68.64, 68.64,
  68.88, 84.12, 93.12, 98.64, 105.12, 105.84, 127.92, 128.04, 173.4,
]);

describe('fitWeibull against published worked examples', () => {
  it('reproduces the NIST handbook example 8.4.1.3: β 1.7208, η 606.528, ln L −75.135', () => {
    const fit = fitOf(NIST_8_4_1_3);
    expectPublished(fit.shape, '1.7208');
    expectPublished(fit.scale, '606.528');
    expectPublished(fit.logLikelihood, '-75.135');
    expect(fit).toMatchObject({ failures: 10, censored: 10, confidence: 0.9 });
  });

  it('reproduces the Lieblein–Zelen ball-bearing MLE: β 2.102, η 81.88', () => {
    const fit = fitOf(BALL_BEARINGS);
    expectPublished(fit.shape, '2.102');
    expectPublished(fit.scale, '81.88');
    expect(fit).toMatchObject({ failures: 23, censored: 0 });
  });
});

describe('fitWeibull against independent routes', () => {
  it.each([
    ['NIST 8.4.1.3', NIST_8_4_1_3],
    ['ball bearings', BALL_BEARINGS],
    ['simulated, 41 of 60 censored', simulate(7, 60, { shape: 0.8, scale: 300 }, 250)],
  ])('lands on the maximum a brute-force grid search finds (%s)', (_name, samples) => {
    const fit = fitOf(samples, { minFailures: 2 });
    const grid = gridMaximum(samples);
    expect(fit.shape / grid.shape - 1).toBeCloseTo(0, 5);
    expect(fit.scale / grid.scale - 1).toBeCloseTo(0, 5);
    expect(fit.logLikelihood).toBeGreaterThanOrEqual(grid.logLikelihood - 1e-9);
    expect(fit.logLikelihood).toBeCloseTo(weibullLogLikelihood(samples, fit.shape, fit.scale), 9);
  });

  it.each([
    { shape: 0.7, scale: 1000, censorAt: 900 },
    { shape: 1.8, scale: 1000, censorAt: 1500 },
    { shape: 3.5, scale: 200, censorAt: 260 },
  ])(
    'recovers β $shape, η $scale within 10 % from 1,500 units, most of them censored',
    ({ censorAt, ...truth }) => {
      const fit = fitOf(simulate(20240611, 1500, truth, censorAt));
      expect(fit.failures).toBeGreaterThanOrEqual(300);
      expect(fit.censored).toBeGreaterThan(fit.failures);
      expect(Math.abs(fit.shape / truth.shape - 1)).toBeLessThan(0.1);
      expect(Math.abs(fit.scale / truth.scale - 1)).toBeLessThan(0.1);
    },
  );

  it('gives the exponential closed form at β = 1: η = total time on test / failures', () => {
    const samples = simulate(3, 40, { shape: 1.3, scale: 50 }, 60);
    const failures = samples.filter((sample) => sample.failed).length;
    const totalTime = samples.reduce((sum, sample) => sum + sample.time, 0);
    const scale = scaleAtShape(samples, 1);
    expect(scale / (totalTime / failures) - 1).toBeCloseTo(0, 12);
    const atScale = weibullLogLikelihood(samples, 1, scale);
    expect(atScale).toBeGreaterThan(weibullLogLikelihood(samples, 1, scale * 1.001));
    expect(atScale).toBeGreaterThan(weibullLogLikelihood(samples, 1, scale * 0.999));
  });

  it('builds its intervals from the observed information a finite-difference Hessian gives', () => {
    for (const samples of [NIST_8_4_1_3, BALL_BEARINGS]) {
      const fit = fitOf(samples);
      const logL = (a: number, b: number) =>
        weibullLogLikelihood(samples, fit.shape * Math.exp(a), fit.scale * Math.exp(b));
      const h = 1e-4;
      const aa = -(logL(h, 0) - 2 * logL(0, 0) + logL(-h, 0)) / h ** 2;
      const bb = -(logL(0, h) - 2 * logL(0, 0) + logL(0, -h)) / h ** 2;
      const ab = -(logL(h, h) - logL(h, -h) - logL(-h, h) + logL(-h, -h)) / (4 * h ** 2);
      const det = aa * bb - ab * ab;
      const z = normalQuantile(0.95);
      expect(Math.log(fit.shapeCi[1] / fit.shape) / (z * Math.sqrt(bb / det))).toBeCloseTo(1, 4);
      expect(Math.log(fit.scaleCi[1] / fit.scale) / (z * Math.sqrt(aa / det))).toBeCloseTo(1, 4);
    }
  });

  it('covers the true values about 90 % of the time (400 simulated samples of 30)', () => {
    const truth = { shape: 2, scale: 100 };
    let shapeCovered = 0;
    let scaleCovered = 0;
    const trials = 400;
    for (let trial = 0; trial < trials; trial += 1) {
      const fit = fitOf(simulate(1000 + trial, 30, truth));
      if (fit.shapeCi[0] <= truth.shape && truth.shape <= fit.shapeCi[1]) shapeCovered += 1;
      if (fit.scaleCi[0] <= truth.scale && truth.scale <= fit.scaleCi[1]) scaleCovered += 1;
    }
    // Wald intervals run a little short in small samples; the band allows for that and for chance.
    expect(shapeCovered / trials).toBeGreaterThan(0.82);
    expect(shapeCovered / trials).toBeLessThan(0.96);
    expect(scaleCovered / trials).toBeGreaterThan(0.82);
    expect(scaleCovered / trials).toBeLessThan(0.96);
  });
});

describe('fitWeibull confidence intervals', () => {
  const many = simulate(11, 1000, { shape: 1.5, scale: 400 }, 600);

  it('contain the estimate, stay positive and widen as the sample shrinks', () => {
    const widthRatio = (fit: WeibullFit, key: 'shapeCi' | 'scaleCi') => fit[key][1] / fit[key][0];
    const large = fitOf(many);
    const small = fitOf(many.slice(0, 40));
    for (const fit of [large, small]) {
      expect(fit.shapeCi[0]).toBeGreaterThan(0);
      expect(fit.shapeCi[0]).toBeLessThan(fit.shape);
      expect(fit.shape).toBeLessThan(fit.shapeCi[1]);
      expect(fit.scaleCi[0]).toBeLessThan(fit.scale);
      expect(fit.scale).toBeLessThan(fit.scaleCi[1]);
    }
    expect(widthRatio(small, 'shapeCi')).toBeGreaterThan(widthRatio(large, 'shapeCi'));
    expect(widthRatio(small, 'scaleCi')).toBeGreaterThan(widthRatio(large, 'scaleCi'));
  });

  it('follow the confidence option', () => {
    const at90 = fitOf(NIST_8_4_1_3);
    const at95 = fitOf(NIST_8_4_1_3, { confidence: 0.95 });
    expect(at95.confidence).toBe(0.95);
    expect(at95.shapeCi[0]).toBeLessThan(at90.shapeCi[0]);
    expect(at95.shapeCi[1]).toBeGreaterThan(at90.shapeCi[1]);
    expect(at95.scaleCi[0]).toBeLessThan(at90.scaleCi[0]);
    expect(at95.scaleCi[1]).toBeGreaterThan(at90.scaleCi[1]);
  });
});

describe('fitWeibull refuses to make up a number', () => {
  it('when no unit has failed', () => {
    expect(fitWeibull(running([100, 200, 300, 400, 500, 600]))).toEqual({
      ok: false,
      code: 'too-few-failures',
      reason: '0 failures recorded, at least 5 needed',
    });
    expect(fitWeibull([])).toMatchObject({ ok: false, code: 'too-few-failures' });
  });

  it('below minFailures (default 5), and fits once the option allows it', () => {
    const samples = [...failed([120, 340, 410, 800]), ...running([900, 900])];
    expect(fitWeibull(samples)).toEqual({
      ok: false,
      code: 'too-few-failures',
      reason: '4 failures recorded, at least 5 needed',
    });
    expect(fitWeibull(samples, { minFailures: 4 }).ok).toBe(true);
  });

  it('when every failure happened at the same time', () => {
    const samples = [...failed([250, 250, 250, 250, 250, 250]), ...running([300, 400])];
    expect(fitWeibull(samples)).toMatchObject({ ok: false, code: 'degenerate' });
  });

  it.each([0, -3, Number.NaN, Infinity])('when a time is %s', (bad) => {
    const samples = [...failed([10, 20, 30, 40, 50]), { time: bad, failed: false }];
    expect(fitWeibull(samples)).toMatchObject({ ok: false, code: 'invalid-time' });
  });

  it('and throws on options that cannot mean anything', () => {
    expect(() => fitWeibull(BALL_BEARINGS, { minFailures: 1 })).toThrow(RangeError);
    expect(() => fitWeibull(BALL_BEARINGS, { minFailures: 2.5 })).toThrow(RangeError);
    expect(() => fitWeibull(BALL_BEARINGS, { confidence: 1 })).toThrow(RangeError);
  });
});

describe('probabilityOfFailureWithin', () => {
  const wearOut = { shape: 2.5, scale: 1000 };
  const infant = { shape: 0.5, scale: 1000 };

  it('is a probability that grows with the horizon', () => {
    for (const model of [wearOut, infant]) {
      for (const age of [0, 10, 500, 3000]) {
        let previous = 0;
        for (const horizon of [0, 1, 50, 200, 1000, 5000, 1e5]) {
          const p = probabilityOfFailureWithin(model, age, horizon);
          expect(p).toBeGreaterThanOrEqual(previous);
          expect(p).toBeLessThanOrEqual(1);
          previous = p;
        }
      }
    }
    expect(probabilityOfFailureWithin(wearOut, 700, 0)).toBe(0);
  });

  it('is the unconditional F(h) for a new unit', () => {
    const p = probabilityOfFailureWithin(wearOut, 0, 400);
    expect(p).toBeCloseTo(1 - Math.exp(-((400 / 1000) ** 2.5)), 14);
  });

  it('is memoryless at β = 1', () => {
    const exponential = { shape: 1, scale: 800 };
    const expected = 1 - Math.exp(-100 / 800);
    for (const age of [0, 1, 250, 10_000]) {
      expect(probabilityOfFailureWithin(exponential, age, 100)).toBeCloseTo(expected, 12);
    }
  });

  it('rises with age when wearing out and falls with age in infant mortality', () => {
    const at = (model: typeof wearOut, age: number) => probabilityOfFailureWithin(model, age, 100);
    expect(at(wearOut, 1500)).toBeGreaterThan(at(wearOut, 500));
    expect(at(infant, 1500)).toBeLessThan(at(infant, 500));
  });

  it('throws on an age or horizon that is not a non-negative number', () => {
    expect(() => probabilityOfFailureWithin(wearOut, -1, 10)).toThrow(RangeError);
    expect(() => probabilityOfFailureWithin(wearOut, 10, Number.NaN)).toThrow(RangeError);
    expect(() => probabilityOfFailureWithin({ shape: 0, scale: 1 }, 1, 1)).toThrow(RangeError);
  });
});

describe('meanResidualLife', () => {
  it.each([
    { shape: 0.7, scale: 1000, age: 50 },
    { shape: 0.7, scale: 1000, age: 2000 },
    { shape: 1, scale: 300, age: 0 },
    { shape: 1.5, scale: 1000, age: 0 },
    { shape: 1.5, scale: 1000, age: 800 },
    { shape: 2.1, scale: 81.88, age: 0 },
    { shape: 2.1, scale: 81.88, age: 120 },
    { shape: 3.5, scale: 200, age: 150 },
    { shape: 2, scale: 100, age: 2000 },
  ])('matches Simpson integration of R(t)/R(age) for β $shape, η $scale, age $age', (case_) => {
    const { shape, scale, age } = case_;
    const hazard = (t: number) => (t / scale) ** shape;
    const atAge = hazard(age);
    // R(t)/R(age) = e^{−(H(t) − H(age))}; stop where it has fallen below e^{−50}.
    const end = scale * (atAge + 50) ** (1 / shape);
    const integral = simpson((t) => Math.exp(atAge - hazard(t)), age, end, 400_000);
    expect(Math.abs(meanResidualLife({ shape, scale }, age) / integral - 1)).toBeLessThan(1e-6);
  });

  it('is η Γ(1 + 1/β), the mean life, for a new unit', () => {
    expect(meanResidualLife({ shape: 2, scale: 100 }, 0)).toBeCloseTo(
      (100 * Math.sqrt(Math.PI)) / 2,
      10,
    );
  });

  it('is η at any age when β = 1', () => {
    for (const age of [0, 5, 300, 1e4]) {
      expect(meanResidualLife({ shape: 1, scale: 300 }, age)).toBeCloseTo(300, 9);
    }
  });

  it('stays finite for a unit so old its survival probability underflows', () => {
    // x = (age/η)^β = 1e4: R(age) = e^{−10000} is 0 in floating point; MRL ≈ η / (β x^{1−1/β}).
    const mrl = meanResidualLife({ shape: 2, scale: 100 }, 10_000);
    expect(mrl).toBeGreaterThan(0);
    expect(Math.abs(mrl / (100 / (2 * 100)) - 1)).toBeLessThan(1e-4);
  });
});

describe('special functions', () => {
  it('lnGamma gives ln (n − 1)! and ln √π', () => {
    let factorial = 1;
    for (let n = 1; n <= 25; n += 1) {
      expect(lnGamma(n)).toBeCloseTo(Math.log(factorial), 12);
      factorial *= n;
    }
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 14);
    expect(lnGamma(1.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI) / 2), 14);
  });

  it('regularizedGammaQ matches the closed forms for integer and half-integer a', () => {
    for (const x of [0.01, 0.5, 1, 3, 7.5, 20, 60]) {
      let partial = 0;
      let term = 1;
      for (let k = 0; k < 4; k += 1) {
        partial += term;
        term *= x / (k + 1);
      }
      // Q(n, x) = e^{−x} Σ_{k<n} x^k / k!
      expect(regularizedGammaQ(4, x) / (Math.exp(-x) * partial)).toBeCloseTo(1, 12);
      expect(regularizedGammaQ(1, x) / Math.exp(-x)).toBeCloseTo(1, 12);
    }
    expect(regularizedGammaQ(0.5, 1)).toBeCloseTo(0.157299207050285, 14); // erfc(1)
    expect(regularizedGammaQ(3, 0)).toBe(1);
  });

  it('normalQuantile gives the familiar critical values', () => {
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 12);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 12);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 14);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 11);
  });
});

describe('speed', () => {
  it('fits 5,000 samples (the time measured is in README.md, not asserted here)', () => {
    const fit = fitOf(simulate(5, 5000, { shape: 1.8, scale: 1000 }, 1500));
    expect(fit.failures + fit.censored).toBe(5000);
  });
});
