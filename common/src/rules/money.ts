// Money is integer paise on the server; rupees in the API (docs/product.md section 7).
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
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
