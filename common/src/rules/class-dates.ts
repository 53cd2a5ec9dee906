// Class dates are calendar dates in India (YYYY-MM-DD) and times are wall-clock times there (HH:MM).

/** Today's date in India. */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday and Sunday of the week that holds `date`. */
export function weekOf(date: string): { from: string; to: string } {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const from = addDays(date, -((dow + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** The instant of a date and wall-clock time in India (UTC+05:30, no daylight saving). */
export function instantInIndia(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`);
}

/** "Mon, 3 Nov" for a YYYY-MM-DD date. */
export function formatClassDate(date: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
