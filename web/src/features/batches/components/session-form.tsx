import { type SessionBody, sessionBody } from '@app/common/schemas/batches';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateSessions } from '../api/batches.ts';
import { BATCH_UI } from '../messages.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

type Values = {
  date: string;
  startTime: string;
  endTime: string;
  subject: string;
  teacher: string;
  room: string;
  repeatWeeklyUntil: string;
};
const empty: Values = { date: '', startTime: '', endTime: '', subject: '', teacher: '', room: '', repeatWeeklyUntil: '' };

/** Adds one class, or the same class every week up to a date. */
export function SessionForm({ batchId }: { batchId: string }) {
  const create = useCreateSessions(batchId);
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: formResolver(sessionBody),
    defaultValues: empty,
  });
  const onSubmit = handleSubmit((values) =>
    create.mutate(values as SessionBody, {
      onSuccess: (r) => {
        toast.success(BATCH_UI.sessionSaved(r.created));
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
      <Field label="Teacher" error={e.teacher?.message} {...register('teacher')} />
      <Field label="Room" error={e.room?.message} {...register('room')} />
      <Field label="Repeat weekly until (optional)" type="date" error={e.repeatWeeklyUntil?.message} {...register('repeatWeeklyUntil')} />
      <div className="flex items-end sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add class'}
        </button>
      </div>
    </form>
  );
}
