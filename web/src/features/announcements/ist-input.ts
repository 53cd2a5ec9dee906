// The institute works in India time and every date is shown in Asia/Kolkata (docs/product.md section 7), so
// the datetime-local inputs are read and written in India time whatever the admin's computer says.
// India has no daylight saving: the offset is always +05:30.
const IST_OFFSET_MS = 330 * 60_000;

/** ISO instant to the value of a datetime-local input ('YYYY-MM-DDTHH:mm') in India time. */
export function toIstInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as India time, as an ISO instant; blank stays blank. */
export function fromIstInput(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v.length === 16 ? `${v}:00` : v}+05:30` : v;
}
