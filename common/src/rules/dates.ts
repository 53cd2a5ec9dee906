// Dates are shown in en-IN, Asia/Kolkata (docs/product.md section 7). Each formatter is made on first use:
// making one loads time-zone data, a long task on a phone's first render (performance target, bench/README.md).
let dateFmt: Intl.DateTimeFormat | undefined;
let dateTimeFmt: Intl.DateTimeFormat | undefined;
let dayFmt: Intl.DateTimeFormat | undefined;

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

/**
 * The calendar day in India (YYYY-MM-DD) of an instant: the institute's "today", a due date, a reminder's day.
 * Without Intl since 1945, as formatDate. A date that is not one throws a RangeError, as Intl does: a day
 * worked out from nothing would silently compare with every other.
 */
export const indiaDayOf = (d: Date): string => {
  const t = d.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid time value');
  if (t < IST_SINCE_MS) {
    dayFmt ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
    return dayFmt.format(t);
  }
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 10);
};

/** Today's date in India. */
export const todayInIndia = (now: Date = new Date()): string => indiaDayOf(now);

/** The calendar year in India of an instant (registration and admission numbers, receipt numbers). */
export const yearInIndia = (d: Date): number => Number(indiaDayOf(d).slice(0, 4));

/**
 * The Indian financial year (April to March) of an instant, by its date in India: "2026-27". The academic
 * year a student is admitted in (a batch year) runs the same months.
 */
export function financialYear(d: Date): string {
  const [y, m] = indiaDayOf(d).split('-').map(Number);
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The date `days` after a YYYY-MM-DD date (negative goes back): calendar arithmetic, no time zone involved. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The instant of a calendar day in India (YYYY-MM-DD) at a wall-clock time there ("09:30" or "23:59:59"):
 * UTC+05:30, no daylight saving.
 */
export const instantInIndia = (date: string, time: string): Date => new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+05:30`);

/** A calendar day in India (YYYY-MM-DD) as formatDate writes it ("5 Jan 2027"): its noon there, safely inside it. */
export const formatDay = (date: string): string => formatDate(instantInIndia(date, '12:00'));

/**
 * An instant as a `datetime-local` field shows it in India time ("2026-11-26T09:30"), whatever the computer's
 * zone says; '' for none and for a value that is not a date (the field then shows empty).
 */
export const toIstInput = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? '' : new Date(t + IST_OFFSET_MS).toISOString().slice(0, 16);
};

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A `datetime-local` value read as India time, as an ISO instant; null when blank. Anything that is not a date
 * and time comes back as it was typed, so that the schema refuses it with its message instead of the field
 * being cleared without a word.
 */
export const fromIstInput = (value: string | null | undefined): string | null => {
  const v = value?.trim();
  if (!v) return null;
  const d = LOCAL_INPUT.test(v) ? new Date(`${v.length === 16 ? `${v}:00` : v}+05:30`) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : v;
};
