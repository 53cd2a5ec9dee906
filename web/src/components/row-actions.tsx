import { Pencil, PowerOff, RotateCcw, Trash2 } from 'lucide-react';

const base =
  'inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';

type Props = {
  /** What the row is, for screen readers: "Edit CLAT Preparation". */
  name: string;
  isActive: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
  /** 'stack' for a table cell (one tidy column of equal buttons), 'row' for a card. */
  layout?: 'stack' | 'row';
};

/** Edit, Deactivate (active) or Restore (inactive), Delete: the row actions of the course and announcement tables (docs/product.md section 2). */
export function RowActions({ name, isActive, busy, onEdit, onToggleActive, onDelete, layout = 'row' }: Props) {
  return (
    <div className={layout === 'stack' ? 'grid w-32 gap-1.5 [&>button]:justify-start' : 'flex flex-wrap gap-2'}>
      <button
        type="button"
        onClick={onEdit}
        aria-label={`Edit ${name}`}
        className={`${base} border-brand-100 text-brand-700 hover:bg-brand-50`}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
      </button>
      {isActive ? (
        <button
          type="button"
          onClick={onToggleActive}
          disabled={busy}
          aria-label={`Deactivate ${name}`}
          className={`${base} border-amber-200 text-amber-800 hover:bg-amber-50`}
        >
          <PowerOff aria-hidden="true" className="h-4 w-4" /> Deactivate
        </button>
      ) : (
        <button
          type="button"
          onClick={onToggleActive}
          disabled={busy}
          aria-label={`Restore ${name}`}
          className={`${base} border-green-200 text-green-800 hover:bg-green-50`}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" /> Restore
        </button>
      )}
      <button
        type="button"
        onClick={onDelete}
        disabled={busy}
        aria-label={`Delete ${name}`}
        className={`${base} border-red-200 text-red-700 hover:bg-red-50`}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
      </button>
    </div>
  );
}
