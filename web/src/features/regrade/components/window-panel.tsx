import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime, fromIstInput, toIstInput } from '@app/common/rules/dates';
import { type ObjectionWindow, objectionWindowInput } from '@app/common/schemas/regrade';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '../../../components/badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetObjectionWindow } from '../api/regrade.ts';

function windowState(w: ObjectionWindow | null | undefined, now = Date.now()) {
  if (!w) return { tone: 'slate' as const, label: 'No objection window' };
  if (now < Date.parse(w.opensAt)) return { tone: 'amber' as const, label: `Opens ${formatDateTime(w.opensAt)} IST` };
  if (now < Date.parse(w.closesAt)) return { tone: 'green' as const, label: `Open until ${formatDateTime(w.closesAt)} IST` };
  return { tone: 'slate' as const, label: `Closed ${formatDateTime(w.closesAt)} IST` };
}

// The inputs hold India-time text; the server's own schema reads them (both times, closing after opening).
export const windowForm = z
  .object({ opensAt: z.string(), closesAt: z.string() })
  .transform((v) => ({ opensAt: fromIstInput(v.opensAt) ?? '', closesAt: fromIstInput(v.closesAt) ?? '' }))
  .pipe(objectionWindowInput.unwrap());
type WindowValues = z.input<typeof windowForm>;

/** The exam's objection window: when students may object to its key (times in IST). */
export function WindowPanel({ examId, window }: { examId: string; window: ObjectionWindow | null | undefined }) {
  const { register, handleSubmit, reset, setError, formState } = useForm<WindowValues, unknown, z.output<typeof windowForm>>({
    resolver: zodResolver(windowForm),
    defaultValues: { opensAt: toIstInput(window?.opensAt), closesAt: toIstInput(window?.closesAt) },
  });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const save = useSetObjectionWindow(examId);
  const state = windowState(window);
  const errors = formState.errors;

  const onSave = handleSubmit((w) =>
    save.mutate(
      { opensAt: w.opensAt.toISOString(), closesAt: w.closesAt.toISOString() },
      {
        onSuccess: () => toast.success('Objection window saved'),
        onError: (err) => setError('root', { message: errorMessage(err, 'Failed to save the objection window') }),
      },
    ),
  );

  return (
    <form onSubmit={onSave} className="grid gap-3 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="window-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="window-heading" className="text-lg font-semibold text-brand-800">
          Objection window
        </h2>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <p className="text-sm text-slate-600">
        While the window is open, a student who sat this exam can object to a question's key from their solutions, once per question with a
        reason. Times are in IST.
      </p>
      {errors.root?.message && <FormAlert>{errors.root.message}</FormAlert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Opens at (IST)" type="datetime-local" error={errors.opensAt?.message} {...register('opensAt')} />
        <Field label="Closes at (IST)" type="datetime-local" error={errors.closesAt?.message} {...register('closesAt')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save window'}
        </button>
        {window && (
          <button type="button" className={buttonClass.secondary} onClick={() => setConfirmRemove(true)} disabled={save.isPending}>
            Remove window
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove the objection window?"
        message="Students will no longer be able to raise objections on this exam. Objections already raised are kept."
        confirmLabel="Remove window"
        busy={save.isPending}
        onConfirm={() =>
          save.mutate(null, {
            onSuccess: () => {
              setConfirmRemove(false);
              reset({ opensAt: '', closesAt: '' });
              toast.success('Objection window removed');
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to remove the objection window')),
          })
        }
      />
    </form>
  );
}
