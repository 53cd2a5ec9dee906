import { type Batch, type BatchBody, BATCH_TIMINGS, batchBody } from '@app/common/schemas/batches';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCentreOptions, useCourseOptions, useSaveBatch } from '../api/batches.ts';
import { BATCH_UI, TIMING_LABELS } from '../messages.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

type Values = Omit<BatchBody, 'capacity' | 'isActive'> & { capacity: string };

const toValues = (b: Batch | null): Values => ({
  name: b?.name ?? '',
  course: b?.course ?? '',
  centre: b?.centre ?? '',
  academicYear: b?.academicYear ?? '',
  timing: b?.timing ?? 'MORNING',
  startsOn: b?.startsOn ?? '',
  endsOn: b?.endsOn ?? '',
  capacity: b ? String(b.capacity) : '40',
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; batch: Batch | null };

/** Create or edit a batch. */
export function BatchFormModal({ open, onOpenChange, batch }: Props) {
  const courses = useCourseOptions();
  const centres = useCentreOptions();
  const save = useSaveBatch();
  const { reset: resetSave } = save;
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    // The server's own schema checks the form; capacity is typed text, coerced by it.
    resolver: formResolver(batchBody),
    defaultValues: toValues(batch),
  });
  // A centre manager of one centre has nothing to choose: a new batch is at their centre.
  const onlyCentre = centres.data?.length === 1 ? centres.data[0].id : '';
  useEffect(() => {
    if (open) {
      reset({ ...toValues(batch), centre: batch?.centre ?? onlyCentre });
      resetSave();
    }
  }, [open, batch, reset, resetSave, onlyCentre]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: batch?._id, body: values as unknown as BatchBody },
      {
        onSuccess: () => {
          toast.success(batch ? BATCH_UI.updated : BATCH_UI.created);
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) setError(name as keyof Values, { message });
          }
        },
      },
    ),
  );
  const e = formState.errors;
  const courseOptions = [{ value: '', label: 'Select a course' }, ...(courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))];
  const centreOptions = [{ value: '', label: 'Select a centre' }, ...(centres.data ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={batch ? 'Edit Batch' : 'New Batch'}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form="batch-form" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : batch ? 'Save Changes' : 'Create Batch'}
          </button>
        </>
      }
    >
      <form id="batch-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(save.error, BATCH_UI.saveError)}</FormAlert>
          </div>
        )}
        <div className="sm:col-span-2">
          <Field label="Name" placeholder="CLAT 2027 Morning, Dumdum" error={e.name?.message} {...register('name')} />
        </div>
        <SelectField label="Course" options={courseOptions} error={e.course?.message} {...register('course')} />
        <SelectField label="Centre" options={centreOptions} error={e.centre?.message} {...register('centre')} />
        <Field label="Academic year" placeholder="2026-27" error={e.academicYear?.message} {...register('academicYear')} />
        <SelectField
          label="Timing"
          options={BATCH_TIMINGS.map((t) => ({ value: t, label: TIMING_LABELS[t] }))}
          error={e.timing?.message}
          {...register('timing')}
        />
        <Field label="Starts on" type="date" error={e.startsOn?.message} {...register('startsOn')} />
        <Field label="Ends on" type="date" error={e.endsOn?.message} {...register('endsOn')} />
        <Field label="Capacity" type="number" min={1} inputMode="numeric" error={e.capacity?.message} {...register('capacity')} />
      </form>
    </Modal>
  );
}
