import type { ReactNode } from 'react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** The part of a TanStack delete mutation (called with the record's id) the hook needs. */
export type DeleteMutation<R> = {
  mutate: (id: string, callbacks: { onSuccess: (answer: R) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  variables?: string;
};

type Options<T, R> = {
  mutation: DeleteMutation<R>;
  /** The record's id, which the mutation is called with. */
  idOf: (row: T) => string;
  /** The dialog's texts for the record about to go. */
  title: string;
  message: (row: T) => ReactNode;
  confirmLabel?: string;
  /** The toast once it is gone (or made from the server's answer). */
  deleted: string | ((answer: R) => string);
  /** The toast when it cannot go, unless the server says why. */
  failed: string;
  /**
   * After a refusal, close the dialog (the toast says why, e.g. "deactivate it instead") or keep it open
   * so the admin can try again. Every page keeps its own choice.
   */
  closeOnError: boolean;
};

/**
 * Delete with a confirmation first (docs/product.md, quality: "confirmation before destruction"): `ask(row)`
 * opens the dialog, Delete calls the mutation, a toast reports the outcome. Render `dialog` once in the page;
 * `busyId` is the id being deleted, for the row's buttons.
 */
export function useConfirmDelete<T, R>({
  mutation,
  idOf,
  title,
  message,
  confirmLabel = 'Delete',
  deleted,
  failed,
  closeOnError,
}: Options<T, R>) {
  const [target, setTarget] = useState<T | null>(null);

  const onConfirm = () => {
    if (target === null) return;
    mutation.mutate(idOf(target), {
      onSuccess: (answer) => {
        toast.success(typeof deleted === 'function' ? deleted(answer) : deleted);
        setTarget(null);
      },
      onError: (err) => {
        toast.error(errorMessage(err, failed));
        if (closeOnError) setTarget(null);
      },
    });
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={title}
      message={target === null ? null : message(target)}
      confirmLabel={confirmLabel}
      busyLabel="Deleting..."
      busy={mutation.isPending}
      onConfirm={onConfirm}
    />
  );

  return { ask: (row: T) => setTarget(() => row), dialog, busyId: mutation.isPending ? (mutation.variables ?? null) : null };
}
