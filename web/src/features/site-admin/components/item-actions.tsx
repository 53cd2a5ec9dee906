import { RowActions } from '../../../components/row-actions.tsx';
import { MoveButtons } from './move-buttons.tsx';

type Props = {
  name: string;
  index: number;
  count: number;
  busy: boolean;
  onMove: (to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** An ordered item's buttons: up, down, Edit, Delete (each named with the item for screen readers). */
export function ItemActions({ name, index, count, busy, onMove, onEdit, onDelete }: Props) {
  return (
    <RowActions
      name={name}
      busy={busy}
      onEdit={onEdit}
      onDelete={onDelete}
      leading={<MoveButtons name={name} index={index} count={count} onMove={onMove} disabled={busy} />}
    />
  );
}

/** A photo, or the initials in its place. */
export function Avatar({ url, initials }: { url?: string; initials: string }) {
  return url ? (
    <img src={url} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-800 font-serif font-bold text-gold-400"
    >
      {initials}
    </span>
  );
}
