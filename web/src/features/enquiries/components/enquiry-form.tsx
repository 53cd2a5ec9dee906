import { todayInIndia } from '@app/common/rules/dates';
import {
  type CreateEnquiryBody,
  createEnquiryBody,
  ENQUIRY_MSG,
  ENQUIRY_SOURCE_LABELS,
  ENQUIRY_SOURCES,
  type EnquirySource,
} from '@app/common/schemas/enquiries';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useMyCentres } from '../../../api/centres.ts';
import { useActiveCourses } from '../../../api/courses.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useCreateEnquiry } from '../api/enquiries.ts';
import { DESK_MSG } from '../messages.ts';

type Values = {
  name: string;
  phone: string;
  email: string;
  classYear: string;
  course: string;
  centre: string;
  source: EnquirySource;
  notes: string;
  nextFollowUp: string;
};
const FIELDS = ['name', 'phone', 'email', 'classYear', 'course', 'centre', 'source', 'notes', 'nextFollowUp'] as const;
const blank = (centre = ''): Values => ({
  name: '',
  phone: '',
  email: '',
  classYear: '',
  course: '',
  centre,
  source: 'walk_in',
  notes: '',
  nextFollowUp: '',
});
const SOURCE_OPTIONS = ENQUIRY_SOURCES.map((s) => ({ value: s, label: ENQUIRY_SOURCE_LABELS[s] }));
const FORM_ID = 'new-enquiry';

/** The desk's short form: who, how to reach them, what for, which centre, where they heard of us, and when to call back. */
export function EnquiryFormModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const centres = useMyCentres();
  const courses = useActiveCourses();
  const create = useCreateEnquiry();
  const only = centres.data?.length === 1 ? centres.data[0].id : '';
  const { register, handleSubmit, reset, setError, getValues, setValue, formState } = useForm<Values, unknown, CreateEnquiryBody>({
    resolver: formResolver(createEnquiryBody),
    defaultValues: blank(only),
  });
  // A staff member of one centre records for it: the choice is made for them once the centres arrive.
  useEffect(() => {
    if (only && !getValues('centre')) setValue('centre', only);
  }, [only, getValues, setValue]);

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      reset(blank(only));
      create.reset();
    }
    onOpenChange(next);
  };
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (saved) => {
        close(false);
        if (saved.merged) {
          toast.info(ENQUIRY_MSG.merged);
          navigate(`/admin/enquiries/${saved._id}`);
        } else toast.success(ENQUIRY_MSG.created);
      },
      onError: (err) => {
        if (!(err instanceof ApiError) || !err.fields) return;
        for (const [name, message] of Object.entries(err.fields))
          if ((FIELDS as readonly string[]).includes(name)) setError(name as keyof Values, { message });
      },
    }),
  );
  const e = formState.errors;
  const fieldErrors = create.error instanceof ApiError && create.error.fields;
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="New enquiry"
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className={buttonClass.primary} disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save enquiry'}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {create.isError && !fieldErrors && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(create.error, DESK_MSG.saveError)}</FormAlert>
          </div>
        )}
        <Field label="Name" autoComplete="off" error={e.name?.message} {...register('name')} />
        <Field label="Phone number" type="tel" inputMode="tel" autoComplete="off" error={e.phone?.message} {...register('phone')} />
        <Field label="Email (optional)" type="email" autoComplete="off" error={e.email?.message} {...register('email')} />
        <Field
          label="Class or year (optional)"
          placeholder="Class 12, 2nd year LLB"
          error={e.classYear?.message}
          {...register('classYear')}
        />
        <SelectField
          label="Course (optional)"
          error={e.course?.message}
          options={[{ value: '', label: 'Not decided' }, ...(courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))]}
          {...register('course')}
        />
        <SelectField
          label="Centre"
          error={e.centre?.message}
          options={[
            ...(only ? [] : [{ value: '', label: centres.isPending ? 'Loading centres...' : 'Choose a centre' }]),
            ...(centres.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          {...register('centre')}
        />
        <SelectField label="Source" error={e.source?.message} options={SOURCE_OPTIONS} {...register('source')} />
        <Field
          label="Next follow-up (optional)"
          type="date"
          min={todayInIndia()}
          error={e.nextFollowUp?.message}
          {...register('nextFollowUp')}
        />
        <div className="sm:col-span-2">
          <TextAreaField label="Notes (optional)" rows={3} error={e.notes?.message} {...register('notes')} />
        </div>
      </form>
    </Modal>
  );
}
