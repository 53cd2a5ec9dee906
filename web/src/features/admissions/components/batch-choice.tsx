import { proposeBatch } from '@app/common/rules/batch-proposal';
import type { AdmissionRequest } from '@app/common/schemas/admissions';
import type { Batch } from '@app/common/schemas/batches';
import { useEffect, useId } from 'react';
import { useBatches } from '../../../api/batches.ts';

/**
 * The batch the approved student joins: proposed from the request's course, centre and batch preference,
 * changeable; "No batch yet" is a choice too.
 */
export function BatchChoice({ request, value, onChange }: { request: AdmissionRequest; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const batches = useBatches({ status: 'active' });
  const proposed = batches.data ? proposeBatch(batches.data, request) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: propose once, when the list arrives for this request
  useEffect(() => {
    if (batches.data) onChange(proposed?._id ?? '');
  }, [batches.data, request._id]);
  const sameCourse = (batches.data ?? []).filter((b) => b.course === request.course);
  const others = (batches.data ?? []).filter((b) => b.course !== request.course);
  const label = (b: Batch) => `${b.name} (${b.studentsCount}/${b.capacity})`;
  return (
    <div className="mt-4 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Batch
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={batches.isPending}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
      >
        <option value="">{batches.isPending ? 'Loading batches...' : 'No batch yet'}</option>
        {sameCourse.length > 0 && (
          <optgroup label="This course">
            {sameCourse.map((b) => (
              <option key={b._id} value={b._id}>
                {label(b)}
              </option>
            ))}
          </optgroup>
        )}
        {others.length > 0 && (
          <optgroup label="Other courses">
            {others.map((b) => (
              <option key={b._id} value={b._id}>
                {label(b)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {batches.isError && <p className="text-sm text-red-700">Could not load the batches; the student can be placed later.</p>}
      {batches.data && !proposed && <p className="text-sm text-slate-600">No active batch of this course at this centre has room.</p>}
    </div>
  );
}
