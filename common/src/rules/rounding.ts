// Marks, percentages and rupees are kept to two decimals (money.ts turns rupees into integer paise; the
// marks columns are numeric(10,2)). This is the one rounding rule every figure of that kind goes through.

/**
 * A count of hundredths to the nearest whole one, halves away from zero as PostgreSQL's `round` does, as a
 * number with two decimals (-0 comes back as 0). For a caller that can compute the hundredths exactly
 * (`percentageOf` multiplies before it divides).
 */
export const roundHundredths = (hundredths: number): number => (Math.sign(hundredths) * Math.round(Math.abs(hundredths))) / 100 + 0;

/**
 * A number to two decimals, halves away from zero. A sum of two-decimal figures is rounded once, at the end:
 * its parts (a question's marks, its penalty, an amount) already have two decimals and are never rounded
 * one by one.
 */
export const round2 = (n: number): number => roundHundredths(n * 100);

/**
 * Whether a figure has at most two decimals (an amount in whole paise, marks, a penalty, a tax rate). `n * 100`
 * is not exact in binary (20000.01 × 100 is 2000000.9999999998), so it is compared with its rounding within a
 * tolerance far below a hundredth.
 */
export const hasTwoDecimals = (n: number): boolean => {
  if (!Number.isFinite(n)) return false;
  const hundredths = Math.round(n * 100);
  // A tiny positive figure (5e-324) is within the tolerance of 0 hundredths, yet is not 0: refused.
  return Math.abs(n * 100 - hundredths) < 1e-6 && (hundredths !== 0 || n === 0);
};
