// Dates are shown in en-IN, Asia/Kolkata (DESIGN.md section 4).
const dateFmt = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatDate = (iso: string | Date | null | undefined): string => (iso ? dateFmt.format(new Date(iso)) : '');
export const formatDateTime = (iso: string | Date | null | undefined): string => (iso ? dateTimeFmt.format(new Date(iso)) : '');

/**
 * Whether a date can be stored: four-digit years only. JavaScript dates reach years ±275760, beyond
 * what PostgreSQL's timestamptz holds, which made such input a 500 (found by the route fuzzer, issue 7).
 */
export const isStorableDate = (d: Date): boolean => {
  const year = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && year >= 1 && year <= 9999;
};
