import type { Batch } from '@app/common/schemas/batches';
import type { StudentDetail } from '@app/common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useBatches } from '../../../api/batches.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError, api, errorMessage } from '../../../lib/api-client.ts';

type Student = Pick<StudentDetail, '_id' | 'fullName' | 'batch' | 'courses'>;
type Move = { batch: Batch | null; otherCourse?: boolean };

/**
 * The student's batch, and moving them to another (or out of any): PATCH /api/users/{id} { batch }. The
 * batches of the student's own course come first; a batch of another course is its own group and is
 * confirmed before the move, which then says so to the server (`otherCourse: true`; docs/product-batches.md).
 */
export function BatchMove({ student }: { student: Student }) {
  const id = useId();
  const batches = useBatches({ status: 'active' });
  const [choice, setChoice] = useState(student.batch?._id ?? '');
  const [confirming, setConfirming] = useState<Batch | null>(null);
  const qc = useQueryClient();
  const move = useMutation({
    mutationFn: ({ batch, otherCourse }: Move) =>
      api(`/api/users/${encodeURIComponent(student._id)}`, {
        method: 'PATCH',
        body: { batch: batch?._id ?? null, ...(otherCourse ? { otherCourse } : {}) },
      }),
    onSuccess: (_data, { batch }) => {
      setConfirming(null);
      toast.success(batch ? `Student moved to ${batch.name}` : 'Student taken out of their batch');
    },
    onError: (err, { batch }) => {
      // The page's answer was older than the batch's course: ask now.
      if (err instanceof ApiError && err.reason === 'OTHER_COURSE' && batch) return setConfirming(batch);
      setConfirming(null);
      toast.error(errorMessage(err, 'Could not move the student.'));
    },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['students'] }), qc.invalidateQueries({ queryKey: ['batches'] })]),
  });

  const ownIds = student.courses.map((c) => c._id);
  const ownNames = student.courses.map((c) => c.name).join(', ');
  const all = batches.data ?? [];
  const own = ownIds.length > 0 ? all.filter((b) => ownIds.includes(b.course)) : all;
  const others = ownIds.length > 0 ? all.filter((b) => !ownIds.includes(b.course)) : [];
  const current = student.batch?._id ?? '';
  const onMove = () => {
    if (!choice) return move.mutate({ batch: null });
    const batch = all.find((b) => b._id === choice);
    if (!batch) return;
    if (others.includes(batch)) return setConfirming(batch);
    move.mutate({ batch });
  };
  const option = (b: Batch, withCourse: boolean) => (
    <option key={b._id} value={b._id}>
      {withCourse ? `${b.name} (${b.courseName})` : b.name}
    </option>
  );

  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Batch
      </label>
      <select
        id={id}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        className="min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        <option value="">No batch</option>
        {student.batch && !all.some((b) => b._id === student.batch?._id) && <option value={student.batch._id}>{student.batch.name}</option>}
        {others.length === 0 ? (
          own.map((b) => option(b, false))
        ) : (
          <>
            <optgroup label={`${ownNames} batches`}>{own.map((b) => option(b, false))}</optgroup>
            <optgroup label="Other courses">{others.map((b) => option(b, true))}</optgroup>
          </>
        )}
      </select>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-50 disabled:opacity-50"
        disabled={choice === current || move.isPending}
        onClick={onMove}
      >
        {move.isPending ? 'Moving...' : 'Move'}
      </button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Move to another course's batch?"
        tone="primary"
        message={
          confirming && (
            <p>
              <strong>{confirming.name}</strong> is a batch of {confirming.courseName}, and {student.fullName}
              {"'"}s course is {ownNames}. Move them into it anyway?
            </p>
          )
        }
        confirmLabel="Move anyway"
        busyLabel="Moving..."
        busy={move.isPending}
        onConfirm={() => confirming && move.mutate({ batch: confirming, otherCourse: true })}
      />
    </div>
  );
}
