import { Plus, Trash2 } from 'lucide-react';

type Props = { value: string[]; onChange: (next: string[]) => void };

/** The exam's instruction list; blank lines are dropped on save (the default instructions apply when none). */
export function InstructionsEditor({ value, onChange }: Props) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Instructions</legend>
      <p className="text-xs text-slate-500">Leave empty to show the default instructions to students.</p>
      <ol className="mt-2 grid gap-2">
        {value.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
          <li key={i} className="flex items-center gap-2">
            <span className="w-6 text-right text-sm text-slate-500">{i + 1}.</span>
            <input
              type="text"
              value={line}
              aria-label={`Instruction ${i + 1}`}
              onChange={(e) => onChange(value.map((l, j) => (j === i ? e.target.value : l)))}
              className="w-full rounded-md border border-slate-300 px-3 py-2 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
            <button
              type="button"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              className="rounded-md p-2 text-red-700 hover:bg-red-50"
              aria-label={`Remove instruction ${i + 1}`}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => onChange([...value, ''])}
        className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Plus aria-hidden="true" className="h-4 w-4" /> Add instruction
      </button>
    </fieldset>
  );
}
