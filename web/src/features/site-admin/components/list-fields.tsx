import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { MoveButtons } from './move-buttons.tsx';

/** The part of react-hook-form's useFieldArray a list of pairs needs. */
type FieldArray<V> = {
  fields: { id: string }[];
  append: (value: V) => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
};

type Props<V> = {
  legend: string;
  /** What one entry is called ("point", "question"), for the buttons' names. */
  itemName: string;
  array: FieldArray<V>;
  blank: V;
  error?: string;
  children: (index: number) => ReactNode;
};

/** A list of entries in a form (the "why choose us" points, achievements, questions): add, remove, reorder. */
export function ListFields<V>({ legend, itemName, array, blank, error, children }: Props<V>) {
  const { fields, append, remove, move } = array;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-base font-semibold text-slate-800">{legend}</legend>
      {fields.length === 0 && <p className="text-sm text-slate-500">None yet.</p>}
      <ol className="flex flex-col gap-3">
        {fields.map((f, index) => (
          <li key={f.id} className="rounded-lg border border-slate-200 p-3">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-slate-600">
                {itemName} {index + 1}
              </span>
              <span className="flex gap-1">
                <MoveButtons name={`${itemName} ${index + 1}`} index={index} count={fields.length} onMove={(to) => move(index, to)} />
                <button
                  type="button"
                  className="inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-red-700 hover:bg-red-50"
                  aria-label={`Remove ${itemName} ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </button>
              </span>
            </div>
            <div className="grid gap-3">{children(index)}</div>
          </li>
        ))}
      </ol>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <button
        type="button"
        className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        onClick={() => append(blank)}
      >
        <Plus aria-hidden="true" className="h-4 w-4" /> Add {itemName.toLowerCase()}
      </button>
    </fieldset>
  );
}
