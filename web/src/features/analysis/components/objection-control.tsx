import { zodResolver } from '@hookform/resolvers/zod';
import { OBJECTION_REASON_MAX, type Objection, objectionBody } from '@app/common/schemas/regrade';
import { formatDateTime } from '@app/common/rules/dates';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClass } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRaiseObjection } from '../api/objections.ts';

const reasonForm = objectionBody.pick({ reason: true });
type ReasonForm = z.input<typeof reasonForm>;

/**
 * Under a solution: the student's objection to this question's key (its reason and when), or, while
 * the exam's objection window is open, "Raise objection" with a reason (docs/product-regrade.md).
 */
export function ObjectionControl({
  examId,
  questionId,
  number,
  mine,
  isOpen,
}: {
  examId: string;
  questionId: string;
  number: number;
  mine: Objection | undefined;
  isOpen: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const raise = useRaiseObjection(examId);
  const { register, handleSubmit, formState, watch, reset } = useForm<ReasonForm>({
    resolver: zodResolver(reasonForm),
    defaultValues: { reason: '' },
  });
  if (mine) {
    return (
      <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
        <p className="font-semibold">Objection raised on {formatDateTime(mine.createdAt)} IST</p>
        <p className="mt-1 whitespace-pre-wrap break-words">{mine.reason}</p>
      </div>
    );
  }
  if (!isOpen) return null;
  if (!editing) {
    return (
      <div>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md border border-amber-500 px-2 py-1 text-sm font-medium text-amber-800 hover:bg-amber-50"
          onClick={() => setEditing(true)}
          aria-label={`Raise objection: question ${number}`}
        >
          <Flag aria-hidden="true" className="h-4 w-4" /> Raise objection
        </button>
      </div>
    );
  }
  const length = (watch('reason') ?? '').length;
  const onSubmit = handleSubmit((values) =>
    raise.mutate(
      { questionId, reason: values.reason },
      {
        onSuccess: () => {
          toast.success('Objection raised');
          reset();
          setEditing(false);
        },
        onError: (e) => toast.error(errorMessage(e, 'Failed to raise the objection')),
      },
    ),
  );
  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      aria-label={`Objection to question ${number}`}
    >
      <TextAreaField
        label={`Why is the key of question ${number} wrong?`}
        rows={3}
        maxLength={OBJECTION_REASON_MAX}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <p className="text-xs text-slate-600">
        {length.toLocaleString('en-IN')} / {OBJECTION_REASON_MAX.toLocaleString('en-IN')} characters. One objection per question; it cannot
        be changed once sent.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={raise.isPending}>
          {raise.isPending ? 'Sending...' : 'Send objection'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setEditing(false)} disabled={raise.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
