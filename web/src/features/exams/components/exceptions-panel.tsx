import { formatDateTime } from '@app/common/rules/dates';
import { OVERRIDE_MINUTES, SCHEDULE_MESSAGES } from '@app/common/schemas/exam-schedule';
import type { ExamListItem } from '@app/common/schemas/exam-views';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateOverride, useExamOverrides, useStudentSearch } from '../api/overrides.ts';

type Props = { exam: ExamListItem | null; onClose: () => void };

/** Exceptions for one student on an exam (docs/product-batches.md): extra minutes, reopening; each audited. */
export function ExceptionsPanel({ exam, onClose }: Props) {
  return (
    <Modal open={exam !== null} onOpenChange={(open) => !open && onClose()} title={`Exceptions: ${exam?.title ?? ''}`} size="lg">
      {exam && <ExceptionsBody exam={exam} />}
    </Modal>
  );
}

function ExceptionsBody({ exam }: { exam: ExamListItem }) {
  const overrides = useExamOverrides(exam._id);
  const create = useCreateOverride(exam._id);
  const [search, setSearch] = useState('');
  const [studentId, setStudentId] = useState('');
  const [minutes, setMinutes] = useState('');
  const [reopen, setReopen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const students = useStudentSearch(search);
  const [error, setError] = useState<string | null>(null);

  const send = (deleteSubmission?: boolean) => {
    setError(null);
    const extraMinutes = minutes.trim() === '' ? undefined : Number(minutes);
    create.mutate(
      { studentId, extraMinutes, reopen: reopen || undefined, deleteSubmission },
      {
        onSuccess: (o) => {
          toast.success(`Exception saved for ${o.student.name}`);
          setMinutes('');
          setReopen(false);
          setConfirmDelete(false);
        },
        onError: (err) => {
          // A submitted attempt is reopened only once the admin confirms deleting the submission.
          if (err instanceof ApiError && err.status === 409 && err.message === SCHEDULE_MESSAGES.reopenNeedsConfirmation) {
            setConfirmDelete(true);
          } else setError(errorMessage(err, 'Could not save the exception'));
        },
      },
    );
  };

  return (
    <div className="grid gap-5">
      <form
        className="grid gap-3"
        onSubmit={(ev) => {
          ev.preventDefault();
          send();
        }}
      >
        {error && <FormAlert>{error}</FormAlert>}
        <Field label="Find a student (name, e-mail or registration number)" value={search} onChange={(ev) => setSearch(ev.target.value)} />
        <div className="flex flex-col gap-1">
          <label htmlFor="override-student" className="text-sm font-medium text-slate-700">
            Student
          </label>
          <select
            id="override-student"
            className="rounded-md border border-slate-300 bg-white px-3 py-2"
            value={studentId}
            onChange={(ev) => setStudentId(ev.target.value)}
          >
            <option value="">
              {search.trim().length < 2 ? 'Type 2 letters to search' : students.isPending ? 'Searching...' : 'Choose'}
            </option>
            {(students.data ?? []).map((s) => (
              <option key={s._id} value={s._id}>
                {s.firstName} {s.lastName} ({s.email}){s.batch ? `, ${s.batch.name}` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <Field
            label={`Extra minutes (${OVERRIDE_MINUTES.min}-${OVERRIDE_MINUTES.max})`}
            type="number"
            min={OVERRIDE_MINUTES.min}
            max={OVERRIDE_MINUTES.max}
            value={minutes}
            onChange={(ev) => setMinutes(ev.target.value)}
          />
          <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-800">
            <input type="checkbox" checked={reopen} onChange={(ev) => setReopen(ev.target.checked)} />
            Reopen the attempt with a fresh full duration
          </label>
        </div>
        <div className="flex justify-end">
          <button type="submit" className={buttonClass.primary} disabled={!studentId || (!minutes && !reopen) || create.isPending}>
            {create.isPending ? 'Saving...' : 'Save exception'}
          </button>
        </div>
      </form>
      <section aria-labelledby="overrides-heading" className="grid gap-2">
        <h3 id="overrides-heading" className="font-semibold text-brand-800">
          Exceptions given
        </h3>
        <QueryState query={overrides} errorText="Failed to load the exceptions">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-600">None yet.</p>
            ) : (
              <ul className="grid gap-2" data-testid="overrides">
                {list.map((o) => (
                  <li key={o._id} className="rounded-lg border border-slate-200 p-3 text-sm">
                    <p className="font-medium text-slate-900">
                      {o.student.name} <span className="font-normal text-slate-600">({o.student.email})</span>
                    </p>
                    <p className="text-slate-700">
                      {[
                        o.extraMinutes > 0 && `+${o.extraMinutes} minutes`,
                        o.reopen && 'Reopened',
                        o.deletedSubmission && 'submission deleted',
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </p>
                    <p className="text-slate-600">
                      {formatDateTime(o.createdAt)}
                      {o.createdBy && ` by ${o.createdBy}`}
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete the submission and reopen?"
        message="This student has submitted this exam. Reopening deletes that submission and its marks; the attempt gets a fresh full duration."
        confirmLabel="Delete submission and reopen"
        busyLabel="Reopening..."
        busy={create.isPending}
        onConfirm={() => send(true)}
      />
    </div>
  );
}
