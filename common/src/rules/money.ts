import { hasTwoDecimals } from './rounding.ts';

// Money is integer paise on the server; rupees in the API (docs/product.md section 7).
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
/** Whether an amount in rupees is whole paise: the two-decimals rule (rounding.ts). */
export const hasAtMostPaise = (rupees: number): boolean => hasTwoDecimals(rupees);
export const toRupees = (paise: number): number => paise / 100;

// docs/product.md section 9: "Currency INR (rupees), Indian formatting". Whole rupees read as rupees
// (₹25,000, ₹12,34,567); paise appear only when there are some, always as two digits (₹1,234.50).
// Written out instead of Intl.NumberFormat: a page's first Intl formatter initialises ICU, a 20–30 ms task
// here (four times that in Lighthouse's phone preset), on the home page's first render
// (docs/decisions/0015-public-formats-without-intl.md). money.test.ts checks it against Intl.

/** Digits grouped the Indian way: the last three, then twos (12,34,567). */
const groupIndian = (digits: string): string =>
  digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;

export const formatINR = (rupees: number): string => {
  if (!Number.isFinite(rupees)) return '₹—';
  const paise = toPaise(Math.abs(rupees));
  const sign = rupees < 0 && paise !== 0 ? '-' : '';
  const rest = paise % 100;
  return `${sign}₹${groupIndian(String((paise - rest) / 100))}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
};
