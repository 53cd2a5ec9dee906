import type { User } from '@app/common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useBatches } from '../../../api/batches.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';

/** The student's batch, and moving them to another (or out of any): PATCH /api/users/{id} { batch }. */
export function BatchMove({ student }: { student: Pick<User, '_id' | 'batch'> }) {
  const id = useId();
  const batches = useBatches({ status: 'active' });
  const [choice, setChoice] = useState(student.batch?._id ?? '');
  const qc = useQueryClient();
  const move = useMutation({
    mutationFn: (batch: string | null) => api<User>(`/api/users/${encodeURIComponent(student._id)}`, { method: 'PATCH', body: { batch } }),
    onSuccess: () => toast.success('Student moved'),
    onError: (err) => toast.error(errorMessage(err, 'Could not move the student.')),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['students'] }), qc.invalidateQueries({ queryKey: ['batches'] })]),
  });
  const current = student.batch?._id ?? '';
  const options = batches.data ?? [];
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
        {student.batch && !options.some((b) => b._id === student.batch?._id) && (
          <option value={student.batch._id}>{student.batch.name}</option>
        )}
        {options.map((b) => (
          <option key={b._id} value={b._id}>
            {b.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-50 disabled:opacity-50"
        disabled={choice === current || move.isPending}
        onClick={() => move.mutate(choice || null)}
      >
        {move.isPending ? 'Moving...' : 'Move'}
      </button>
    </div>
  );
}
