// Before → after of an audit entry, as plain text (never HTML: values can hold anything a user typed).

type Json = unknown;

const MAX_TEXT = 80;

/** A value as short text: strings as they are, the rest as JSON, long ones cut. */
export function valueText(v: Json): string {
  if (v === null || v === undefined) return '—';
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
          {c.field && <span className="font-semibold text-slate-700">{c.field}: </span>}
          <span className="text-red-800">{valueText(c.before)}</span>
          <span aria-hidden="true" className="px-1 text-slate-400">
            →
          </span>
          <span className="sr-only"> changed to </span>
          <span className="text-green-800">{valueText(c.after)}</span>
        </li>
      ))}
    </ul>
  );
}
