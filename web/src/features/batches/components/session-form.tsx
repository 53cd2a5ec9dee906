import { BATCH_MSG, type SessionBody, type SessionClash, sessionBody } from '@app/common/schemas/batches';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { SelectField } from '../../../components/form-controls.tsx';
import { useCreateSessions, useTeachers } from '../api/batches.ts';
import { BATCH_UI } from '../messages.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

type Values = {
  date: string;
  startTime: string;
  endTime: string;
  subject: string;
  teacher: string;
  teacherId: string;
  room: string;
  repeatWeeklyUntil: string;
};
const empty: Values = { date: '', startTime: '', endTime: '', subject: '', teacher: '', teacherId: '', room: '', repeatWeeklyUntil: '' };

/** Adds one class, or the same class every week up to a date. */
export function SessionForm({ batchId }: { batchId: string }) {
  const create = useCreateSessions(batchId);
  // The last save's clashes with other batches: saved anyway, shown until the next save.
  const [clashes, setClashes] = useState<SessionClash[]>([]);
  const teachers = useTeachers();
  const { register, handleSubmit, reset, setError, setValue, formState } = useForm<Values>({
    resolver: formResolver(sessionBody),
    defaultValues: empty,
  });
  const onSubmit = handleSubmit((values) =>
    create.mutate(values as SessionBody, {
      onSuccess: (r) => {
        setClashes(r.clashes);
        if (r.clashes.length > 0) toast.warning(BATCH_UI.sessionSavedWithClashes(r.created, r.clashes.length));
        else toast.success(BATCH_UI.sessionSaved(r.created));
        reset(empty);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const [name, message] of Object.entries(err.fields)) setError(name as keyof Values, { message });
        }
      },
    }),
  );
  const e = formState.errors;
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Add a class" className="grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-3">
        {create.isError && !(create.error instanceof ApiError && create.error.fields) && (
          <div className="sm:col-span-3">
            <FormAlert>{errorMessage(create.error, 'Could not add the class.')}</FormAlert>
          </div>
        )}
        <Field label="Date" type="date" error={e.date?.message} {...register('date')} />
        <Field label="Start time" type="time" error={e.startTime?.message} {...register('startTime')} />
        <Field label="End time" type="time" error={e.endTime?.message} {...register('endTime')} />
        <Field label="Subject" error={e.subject?.message} {...register('subject')} />
        {/* A faculty member teaches the class by their account (their attendance screen lists it); a
            teacher without an account is written by name only. */}
        <SelectField
          label="Faculty member"
          error={e.teacherId?.message}
          options={[
            { value: '', label: 'No account: the name below' },
            ...(teachers.data ?? []).map((t) => ({ value: t._id, label: t.name })),
          ]}
          {...register('teacherId', {
            onChange: (ev) => {
              const chosen = teachers.data?.find((t) => t._id === ev.target.value);
              if (chosen) setValue('teacher', chosen.name, { shouldValidate: formState.isSubmitted });
            },
          })}
        />
        <Field label="Teacher" error={e.teacher?.message} {...register('teacher')} />
        <Field label="Room" error={e.room?.message} {...register('room')} />
        <Field label="Repeat weekly until (optional)" type="date" error={e.repeatWeeklyUntil?.message} {...register('repeatWeeklyUntil')} />
        <div className="flex items-end sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add class'}
          </button>
        </div>
      </form>
      {clashes.length > 0 && (
        <section
          aria-label="Clashes with other batches"
          className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <h3 className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="h-4 w-4" /> {BATCH_UI.clashesTitle(clashes.length)}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {clashes.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on every save
              <li key={i}>{BATCH_MSG.clash(c)}</li>
            ))}
          </ul>
          <button type="button" className="mt-2 font-semibold text-amber-900 underline" onClick={() => setClashes([])}>
            Dismiss
          </button>
        </section>
      )}
    </>
  );
}
