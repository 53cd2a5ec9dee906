import { NLU_CALENDAR_MAX, type NluCalendarEntry } from '@app/common/schemas/nlu';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useNluCalendar, useSaveCalendar } from '../api/nlu.ts';

// The counselling rounds' calendar at /admin/nlu (docs/product-admissions-desk.md, "NLU counselling
// helper"): a short list of dates the public page shows, edited here and saved whole.

type Draft = NluCalendarEntry & { key: number };
let nextKey = 0;
const draftOf = (e: NluCalendarEntry): Draft => ({ ...e, key: nextKey++ });

export function CalendarEditor() {
  const calendar = useNluCalendar();
  const save = useSaveCalendar();
  const [rows, setRows] = useState<Draft[] | null>(null);
  useEffect(() => {
    if (calendar.data && rows === null) setRows(calendar.data.entries.map(draftOf));
  }, [calendar.data, rows]);
  const list = rows ?? [];
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const set = (key: number, patch: Partial<NluCalendarEntry>) => setRows(list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const onSave = () =>
    save.mutate(
      { entries: list.map(({ date, round, what }) => ({ date, round, what })) },
      {
        onSuccess: (answer) => {
          setRows(answer.entries.map(draftOf));
          toast.success('Calendar saved');
        },
      },
    );
  return (
    <div className="mt-6 rounded-xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-800">Counselling calendar</h2>
      <p className="mt-1 text-sm text-slate-700">
        The dates the public NLU page lists: a round, its date and what happens. Saved as a whole list.
      </p>
      {save.error && (
        <div className="mt-3">
          <FormAlert>{errorMessage(save.error, 'Could not save the calendar.')}</FormAlert>
        </div>
      )}
      <ul className="mt-3 flex flex-col gap-3">
        {list.map((r, i) => (
          <li
            key={r.key}
            className="grid grid-cols-1 items-end gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[10rem_12rem_minmax(0,1fr)_auto]"
          >
            <Field
              label="Date"
              type="date"
              value={r.date}
              error={fields[`entries.${i}.date`]}
              onChange={(e) => set(r.key, { date: e.target.value })}
            />
            <Field
              label="Round"
              value={r.round}
              error={fields[`entries.${i}.round`]}
              onChange={(e) => set(r.key, { round: e.target.value })}
            />
            <Field
              label="What happens"
              value={r.what}
              error={fields[`entries.${i}.what`]}
              onChange={(e) => set(r.key, { what: e.target.value })}
            />
            <button
              type="button"
              className={buttonClass.secondary}
              aria-label={`Remove date ${i + 1}`}
              onClick={() => setRows(list.filter((x) => x.key !== r.key))}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={list.length >= NLU_CALENDAR_MAX}
          onClick={() => setRows([...list, draftOf({ date: '', round: '', what: '' })])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> Add a date
        </button>
        <button type="button" className={buttonClass.primary} disabled={rows === null || save.isPending} onClick={onSave}>
          {save.isPending ? 'Saving...' : 'Save calendar'}
        </button>
      </div>
    </div>
  );
}
