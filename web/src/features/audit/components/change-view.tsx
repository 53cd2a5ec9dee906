// Before → after of an audit entry, as plain text (never HTML: values can hold anything a user typed).
import { formatDateTime } from '@app/common/rules/dates';
import { formatINR, toRupees } from '@app/common/rules/money';

type Json = unknown;

const MAX_TEXT = 80;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const PAISE = /Paise$/;

/** A field's name as an admin reads it: `amountPaise` is the amount (shown in rupees). */
const fieldLabel = (field: string) => field.replace(PAISE, '');

/**
 * A value as short text: amounts kept in paise as ₹ with Indian grouping, timestamps as en-IN
 * date and time in IST, other strings as they are, the rest as JSON, long ones cut.
 */
export function valueText(v: Json, field = ''): string {
  if (v === null || v === undefined) return '—';
  if (PAISE.test(field) && typeof v === 'number') return formatINR(toRupees(v));
  if (typeof v === 'string' && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))) return formatDateTime(v);
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields that differ, with their value before and after; a whole value when it is not an object. */
export function changedFields(before: Json, after: Json): { field: string; before: Json; after: Json }[] {
  if (!isRecord(before) && !isRecord(after)) return [{ field: '', before, after }];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f])).map((field) => ({ field, before: b[field], after: a[field] }));
}

export function ChangeView({ before, after }: { before: Json; after: Json }) {
  const changes = changedFields(before, after);
  if (changes.length === 0) return <span className="text-slate-500">No change recorded</span>;
  return (
    <ul className="flex flex-col gap-1 text-xs">
      {changes.map((c) => (
        <li key={c.field} className="[overflow-wrap:anywhere]">
          {c.field && <span className="font-semibold text-slate-700">{fieldLabel(c.field)}: </span>}
          <span className="text-red-800">{valueText(c.before, c.field)}</span>
          <span aria-hidden="true" className="px-1 text-slate-400">
            →
          </span>
          <span className="sr-only"> changed to </span>
          <span className="text-green-800">{valueText(c.after, c.field)}</span>
        </li>
      ))}
    </ul>
  );
}
