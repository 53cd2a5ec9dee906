import { addDays } from './dates.ts';

// Class dates are calendar dates in India (YYYY-MM-DD) and times are wall-clock times there (HH:MM). Today's
// date, the day arithmetic and a day's instants live with the other India-time rules (dates.ts).

/** Monday and Sunday of the week that holds `date`. */
export function weekOf(date: string): { from: string; to: string } {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const from = addDays(date, -((dow + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** "Mon, 3 Nov" for a YYYY-MM-DD date. */
export function formatClassDate(date: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
