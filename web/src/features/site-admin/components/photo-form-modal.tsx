import { type FormEventHandler, type ReactNode, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { ImageField } from './image-field.tsx';
import { setServerErrors } from './set-server-errors.ts';

/** The part of a TanStack save mutation (POST without an id, PATCH with one) the dialog needs. */
type SaveMutation<B> = {
  mutate: (vars: { id?: string; body: B }, callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/** The photo field's state, from `useController({ control, name: 'photoUrl' })`. */
type PhotoControl = {
  field: { value: string; onChange: (url: string) => void };
  fieldState: { error?: { message?: string } };
};

type Props<V extends FieldValues, O, B, T> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is added or edited ("testimonial"): in the title, the Save button and the form's id. */
  noun: string;
  form: UseFormReturn<V, unknown, O>;
  /** The one being edited, or null for a new one. */
  item: T | null;
  toValues: (item: T | null) => V;
  save: SaveMutation<B>;
  /** The body sent for the form's output (an edit sends a blank optional field as null, which clears it). */
  toBody: (body: O) => B;
  saved: string;
  photoLabel: string;
  photo: PhotoControl;
  /** The fields after the photo, in the form's two-column grid. */
  children: ReactNode;
};

/**
 * The add/edit dialog of a topper or a testimonial: each opening resets the form to the item and clears the
 * last save's error; Save sends it, then closes with a toast, or shows the server's errors on the fields.
 */
export function PhotoFormModal<V extends FieldValues, O, B, T extends { _id: string }>({
  open,
  onOpenChange,
  noun,
  form,
  item,
  toValues,
  save,
  toBody,
  saved,
  photoLabel,
  photo,
  children,
}: Props<V, O, B, T>) {
  const { reset, handleSubmit, setError } = form;
  const { reset: resetSave } = save;
  useEffect(() => {
    if (open) {
      reset(toValues(item));
      resetSave();
    }
  }, [open, item, toValues, reset, resetSave]);

  const onSubmit: FormEventHandler<HTMLFormElement> = handleSubmit((body) =>
    save.mutate(
      { id: item?._id, body: toBody(body) },
      {
        onSuccess: () => {
          toast.success(saved);
          onOpenChange(false);
        },
        onError: (err) => setServerErrors(err, setError),
      },
    ),
  );
  const formId = `${noun}-form`;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={item ? `Edit ${noun}` : `Add ${noun}`}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : `Save ${noun}`}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(save.error, SITE_ADMIN_MSG.saveError)}</FormAlert>
          </div>
        )}
        <div className="sm:col-span-2">
          <ImageField
            label={photoLabel}
            value={photo.field.value}
            onChange={photo.field.onChange}
            error={photo.fieldState.error?.message}
          />
        </div>
        {children}
      </form>
    </Modal>
  );
}
