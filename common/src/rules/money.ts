// Money is integer paise on the server; rupees in the API (docs/product.md section 7).
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
/**
 * Whether an amount in rupees has at most two decimals. `v * 100` is not exact in binary (20000.01 × 100 is
 * 2000000.9999999998), so it is compared with its rounding within a tolerance far below a paisa.
 */
export const hasAtMostPaise = (rupees: number): boolean => {
  if (!Number.isFinite(rupees)) return false;
  const paise = Math.round(rupees * 100);
  // A tiny positive amount (5e-324) is within the tolerance of 0 paise, yet is not 0: refused.
  return Math.abs(rupees * 100 - paise) < 1e-6 && (paise !== 0 || rupees === 0);
};
export const toRupees = (paise: number): number => paise / 100;

// docs/product.md section 9: "Currency INR (rupees), Indian formatting". Whole rupees read as rupees
// (₹25,000, ₹12,34,567); paise appear only when there are some, always as two digits (₹1,234.50).
const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
export const formatINR = (rupees: number): string => (Number.isInteger(toPaise(rupees) / 100) ? whole : withPaise).format(rupees);
