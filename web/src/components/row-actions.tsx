import { Pencil, PowerOff, RotateCcw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

const base =
  'inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';

type Props = {
  /** What the row is, for screen readers: "Edit CLAT Preparation". */
  name: string;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** 'stack' for a table cell (one tidy column of equal buttons), 'row' for a card. */
  layout?: 'stack' | 'row';
  /** Buttons before Edit, such as an ordered list's up and down. */
  leading?: ReactNode;
} & (
  | { isActive: boolean; onToggleActive: () => void }
  // A record that cannot be deactivated has no toggle.
  | { isActive?: undefined; onToggleActive?: undefined }
);

/**
 * Edit, Deactivate (active) or Restore (inactive), Delete: the row actions of the course and announcement tables
 * (docs/product.md section 2); without `onToggleActive`, Edit and Delete only.
 */
export function RowActions({ name, isActive, busy, onEdit, onToggleActive, onDelete, layout = 'row', leading }: Props) {
  // The leading buttons are taller than these, so a row with them centres its buttons on one line.
  const rowClass = leading ? 'flex flex-wrap items-center gap-2' : 'flex flex-wrap gap-2';
  return (
    <div className={layout === 'stack' ? 'grid w-32 gap-1.5 [&>button]:justify-start' : rowClass}>
      {leading}
      <ActionButton kind="Edit" name={name} onClick={onEdit} />
      {onToggleActive && <ActionButton kind={isActive ? 'Deactivate' : 'Restore'} name={name} onClick={onToggleActive} disabled={busy} />}
      <ActionButton kind="Delete" name={name} onClick={onDelete} disabled={busy} />
    </div>
  );
}

// Each button's label (also the start of its accessible name), icon and colours.
const kinds = {
  Edit: { icon: Pencil, tone: 'border-brand-100 text-brand-700 hover:bg-brand-50' },
  Deactivate: { icon: PowerOff, tone: 'border-amber-200 text-amber-800 hover:bg-amber-50' },
  Restore: { icon: RotateCcw, tone: 'border-green-200 text-green-800 hover:bg-green-50' },
  Delete: { icon: Trash2, tone: 'border-red-200 text-red-700 hover:bg-red-50' },
} as const;

type ButtonProps = { kind: keyof typeof kinds; name: string; onClick: () => void; disabled?: boolean };

/** One labelled button, named with the row for screen readers ("Delete CLAT Preparation"). */
function ActionButton({ kind, name, onClick, disabled }: ButtonProps) {
  const { icon: Icon, tone } = kinds[kind];
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-label={`${kind} ${name}`} className={`${base} ${tone}`}>
      <Icon aria-hidden="true" className="h-4 w-4" /> {kind}
    </button>
  );
}
