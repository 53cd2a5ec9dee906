import type { SiteImage } from '@app/common/schemas/site';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { buttonClass } from '../../../components/field.tsx';
import { type QueryLike, QueryState } from '../../../components/query-state.tsx';
import { type DeleteMutation, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { Avatar, ItemActions } from './item-actions.tsx';

/** A person the site lists in the admin's order, with a photo or initials. */
type Item = { _id: string; name: string; photoUrl?: string; photo?: SiteImage };

/** The part of the save mutation a move needs: a PATCH of the position alone. */
type MoveMutation = {
  mutate: (vars: { id: string; body: { position: number } }, callbacks: { onError: (err: unknown) => void }) => void;
  isPending: boolean;
};

type FormProps<T> = { open: boolean; onOpenChange: (open: boolean) => void; item: T | null };

type Props<T extends Item, R> = {
  query: QueryLike<T[]>;
  save: MoveMutation;
  remove: DeleteMutation<R>;
  /** The list's name ("Testimonials"): the table's caption and, in lower case, the loading text. */
  caption: string;
  /** One item ("testimonial"), for the Add button and the delete dialog's title. */
  noun: string;
  empty: string;
  deleteMessage: (item: T) => ReactNode;
  deleted: string;
  /** The first column, the photo (or initials) and the name. */
  whoHeader: string;
  initials: (item: T) => string;
  columns: Column<T>[];
  /** The add/edit dialog; a function, not a component, so the dialog keeps its state between renders. */
  form: (props: FormProps<T>) => ReactNode;
};

/** Testimonials and toppers: a list in the order the site shows it, each moved, edited or deleted in place. */
export function PhotoListTab<T extends Item, R>({
  query,
  save,
  remove,
  caption,
  noun,
  empty,
  deleteMessage,
  deleted,
  whoHeader,
  initials,
  columns,
  form,
}: Props<T, R>) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (t: T) => t._id,
    title: `Delete this ${noun}?`,
    message: deleteMessage,
    deleted,
    failed: SITE_ADMIN_MSG.deleteError,
    closeOnError: false,
  });
  const move = (t: T, position: number) =>
    save.mutate({ id: t._id, body: { position } }, { onError: (err) => toast.error(errorMessage(err, SITE_ADMIN_MSG.moveError)) });
  const busy = save.isPending || remove.isPending;
  const who = (t: T) => (
    <span className="flex items-center gap-3">
      <Avatar url={t.photo?.variants[0]?.url ?? t.photoUrl} initials={initials(t)} />
      <span className="font-semibold text-brand-900">{t.name}</span>
    </span>
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <button type="button" className={buttonClass.primary} onClick={() => setEditing({ item: null })}>
          <Plus aria-hidden="true" className="h-5 w-5" /> Add {noun}
        </button>
      </div>
      <QueryState
        query={query}
        loadingText={`Loading ${caption.toLowerCase()}...`}
        errorText={(e) => errorMessage(e, SITE_ADMIN_MSG.loadError)}
        isEmpty={(d) => d.length === 0}
        empty={empty}
      >
        {(list) => (
          <DataTable
            rows={list}
            rowKey={(t) => t._id}
            caption={caption}
            cardTitle={who}
            columns={[{ header: whoHeader, rowHeader: true, hideInCard: true, cell: who }, ...columns]}
            actions={(t) => (
              <ItemActions
                name={t.name}
                index={list.indexOf(t)}
                count={list.length}
                busy={busy}
                onMove={(to) => move(t, to)}
                onEdit={() => setEditing({ item: t })}
                onDelete={() => deletion.ask(t)}
              />
            )}
          />
        )}
      </QueryState>
      {form({ open: editing !== null, onOpenChange: (open) => !open && setEditing(null), item: editing?.item ?? null })}
      {deletion.dialog}
    </div>
  );
}
