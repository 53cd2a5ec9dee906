import { zodResolver } from '@hookform/resolvers/zod';
import { CENTRE_IDS } from '@app/common/constants';
import { type Topper, topperBody } from '@app/common/schemas/site';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { useAdminCourses } from '../../../api/courses.ts';
import { useCentres } from '../../../api/centres.ts';
import { useSaveTopper } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { PhotoFormModal } from './photo-form-modal.tsx';

// Every field as text; the API's schema reads the numbers and the blanks (docs/product-site.md, "Toppers").
export const topperForm = z
  .object({
    name: z.string(),
    exam: z.string(),
    year: z.string(),
    rank: z.string(),
    score: z.string(),
    centre: z.enum(CENTRE_IDS),
    quote: z.string(),
    course: z.string(),
    photoUrl: z.string(),
  })
  .transform((v): z.input<typeof topperBody> => v)
  .pipe(topperBody);
type Values = z.input<typeof topperForm>;

const toValues = (t: Topper | null): Values => ({
  name: t?.name ?? '',
  exam: t?.exam ?? '',
  year: t ? String(t.year) : String(new Date().getFullYear()),
  rank: t?.rank !== undefined ? String(t.rank) : '',
  score: t?.score ?? '',
  centre: t?.centre ?? CENTRE_IDS[0],
  quote: t?.quote ?? '',
  course: t?.course?._id ?? '',
  photoUrl: t?.photoUrl ?? '',
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; topper: Topper | null };

/** Add or edit a topper; a field left blank on an edit is cleared (sent as null). */
export function TopperFormModal({ open, onOpenChange, topper }: Props) {
  const form = useForm<Values, unknown, z.output<typeof topperForm>>({
    resolver: zodResolver(topperForm),
    defaultValues: toValues(topper),
  });
  const { register, control, formState } = form;
  const save = useSaveTopper();
  const photo = useController({ control, name: 'photoUrl' });
  const centres = useCentres();
  const courses = useAdminCourses();

  const toBody = (body: z.output<typeof topperForm>) =>
    topper
      ? {
          ...body,
          rank: body.rank ?? null,
          score: body.score ?? null,
          quote: body.quote ?? null,
          course: body.course ?? null,
          photoUrl: body.photoUrl ?? null,
        }
      : body;
  const e = formState.errors;
  const centreOptions = (centres.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const courseOptions = [{ value: '', label: 'None' }, ...(courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))];
  return (
    <PhotoFormModal
      open={open}
      onOpenChange={onOpenChange}
      noun="topper"
      form={form}
      item={topper}
      toValues={toValues}
      save={save}
      toBody={toBody}
      saved={SITE_ADMIN_MSG.topperSaved}
      photoLabel="Photo"
      photo={photo}
    >
      <Field label="Name" autoComplete="off" error={e.name?.message} {...register('name')} />
      <Field label="Exam" placeholder="CLAT" error={e.exam?.message} {...register('exam')} />
      <Field label="Year" inputMode="numeric" error={e.year?.message} {...register('year')} />
      <SelectField label="Centre" options={centreOptions} error={e.centre?.message} {...register('centre')} />
      <Field label="Rank" inputMode="numeric" error={e.rank?.message} {...register('rank')} />
      <Field label="Score (if no rank)" placeholder="99.2 percentile" error={e.score?.message} {...register('score')} />
      <div className="sm:col-span-2">
        <SelectField label="Course (shown on its page)" options={courseOptions} error={e.course?.message} {...register('course')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="Quote" rows={3} error={e.quote?.message} {...register('quote')} />
      </div>
    </PhotoFormModal>
  );
}
