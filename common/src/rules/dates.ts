// Dates are shown in en-IN, Asia/Kolkata (docs/product.md section 7). Each formatter is made on first use:
// making one loads time-zone data, a long task on a phone's first render (performance target, bench/README.md).
let dateFmt: Intl.DateTimeFormat | undefined;
let dateTimeFmt: Intl.DateTimeFormat | undefined;

const IST_OFFSET_MS = 330 * 60_000;
/** India has kept UTC+05:30 all year since 15 October 1945; earlier instants go through Intl's time-zone data. */
const IST_SINCE_MS = Date.UTC(1945, 9, 15);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * "28 Nov 2026", as Intl's en-IN short date in Asia/Kolkata writes it, without Intl for any date since 1945:
 * a page's first Intl formatter initialises ICU, the longest task of the home page's first render on a phone
 * (docs/decisions/0015-public-formats-without-intl.md). dates.test.ts checks it against Intl. '' for none or
 * for a date that is not one.
 */
export const formatDate = (iso: string | Date | null | undefined): string => {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  if (t < IST_SINCE_MS) {
    dateFmt ??= new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
    return dateFmt.format(t);
  }
  const ist = new Date(t + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
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

/** An instant as a `datetime-local` field shows it in IST ("2026-11-26T09:30"); '' for none. */
export const toIstInput = (iso: string | null | undefined): string =>
  iso ? new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 16) : '';

/** A `datetime-local` value read as IST, as an ISO instant; null when blank. */
export const fromIstInput = (value: string): string | null => {
  if (!value) return null;
  const d = new Date(`${value.length === 16 ? `${value}:00` : value}+05:30`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
