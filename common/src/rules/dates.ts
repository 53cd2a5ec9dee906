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
