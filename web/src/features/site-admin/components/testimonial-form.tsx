import { zodResolver } from '@hookform/resolvers/zod';
import { type Testimonial, testimonialBody } from '@app/common/schemas/site';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { useSaveTestimonial } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { PhotoFormModal } from './photo-form-modal.tsx';

export const testimonialForm = z
  .object({ name: z.string(), course: z.string(), year: z.string(), text: z.string(), photoUrl: z.string() })
  .transform((v): z.input<typeof testimonialBody> => v)
  .pipe(testimonialBody);
type Values = z.input<typeof testimonialForm>;

const toValues = (t: Testimonial | null): Values => ({
  name: t?.name ?? '',
  course: t?.course ?? '',
  year: t ? String(t.year) : String(new Date().getFullYear()),
  text: t?.text ?? '',
  photoUrl: t?.photoUrl ?? '',
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; testimonial: Testimonial | null };

/** Add or edit a testimonial; without a photo the site shows the initials. */
export function TestimonialFormModal({ open, onOpenChange, testimonial }: Props) {
  const form = useForm<Values, unknown, z.output<typeof testimonialForm>>({
    resolver: zodResolver(testimonialForm),
    defaultValues: toValues(testimonial),
  });
  const { register, control, formState } = form;
  const save = useSaveTestimonial();
  const photo = useController({ control, name: 'photoUrl' });
  const e = formState.errors;
  return (
    <PhotoFormModal
      open={open}
      onOpenChange={onOpenChange}
      noun="testimonial"
      form={form}
      item={testimonial}
      toValues={toValues}
      save={save}
      toBody={(body) => (testimonial ? { ...body, photoUrl: body.photoUrl ?? null } : body)}
      saved={SITE_ADMIN_MSG.testimonialSaved}
      photoLabel="Photo (optional)"
      photo={photo}
    >
      <Field label="Name" autoComplete="off" error={e.name?.message} {...register('name')} />
      <Field label="Course" placeholder="CLAT Preparation" error={e.course?.message} {...register('course')} />
      <Field label="Year" inputMode="numeric" error={e.year?.message} {...register('year')} />
      <div className="sm:col-span-2">
        <TextAreaField label="Testimonial" rows={4} error={e.text?.message} {...register('text')} />
      </div>
    </PhotoFormModal>
  );
}
