// Dates are shown in en-IN, Asia/Kolkata (docs/product.md section 7). Each formatter is made on first use:
// making one loads time-zone data, a long task on a phone's first render (performance target, bench/README.md).
let dateFmt: Intl.DateTimeFormat | undefined;
let dateTimeFmt: Intl.DateTimeFormat | undefined;

export const formatDate = (iso: string | Date | null | undefined): string => {
  if (!iso) return '';
  dateFmt ??= new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
  return dateFmt.format(new Date(iso));
};

export const formatDateTime = (iso: string | Date | null | undefined): string => {
  if (!iso) return '';
  dateTimeFmt ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return dateTimeFmt.format(new Date(iso));
};

/**
 * Whether a date can be stored: four-digit years only. JavaScript dates reach years ±275760, beyond
 * what PostgreSQL's timestamptz holds, which made such input a 500 (found by the route fuzzer).
 */
export const isStorableDate = (d: Date): boolean => {
  const year = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && year >= 1 && year <= 9999;
};

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as a `datetime-local` field shows it in IST ("2026-11-26T09:30"); '' for none. */
export const toIstInput = (iso: string | null | undefined): string =>
  iso ? new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 16) : '';

/** A `datetime-local` value read as IST, as an ISO instant; null when blank. */
export const fromIstInput = (value: string): string | null => {
  if (!value) return null;
  const d = new Date(`${value.length === 16 ? `${value}:00` : value}+05:30`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
