import { zodResolver } from '@hookform/resolvers/zod';
import { FEE_TYPE_LABELS, FEE_TYPES } from '@app/common/constants';
import { type Course, courseBody } from '@app/common/schemas/courses';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { type CourseOutput, useSaveCourse } from '../api/save-course.ts';
import { COURSE_MSG } from '../messages.ts';
import { FeePlanFields, feePlanForm, toFeePlanFormValues } from './fee-plan-fields.tsx';

// The form keeps features as objects (what useFieldArray needs) and the price as typed text; this
// schema reads them into the API body with the server's own field rules, every field at once.
export const courseForm = z.object({
  ...courseBody.shape,
  // A blank price would read as 0: it is refused as missing before the number rules run.
  price: z
    .unknown()
    .refine((v) => String(v ?? '').trim() !== '', 'Price is required')
    .pipe(courseBody.shape.price),
  features: z
    .array(z.object({ value: z.string() }))
    .transform((list) => list.map((f) => f.value))
    .pipe(courseBody.shape.features),
  feePlan: feePlanForm,
});
type CourseFormValues = z.input<typeof courseForm>;

const feeTypeOptions = FEE_TYPES.map((v) => ({ value: v, label: FEE_TYPE_LABELS[v] }));

const toFormValues = (course?: Course | null): CourseFormValues => ({
  name: course?.name ?? '',
  slug: course?.slug ?? '',
  description: course?.description ?? '',
  price: course ? String(course.price) : '',
  feeType: course?.feeType ?? 'full',
  category: course?.category ?? '',
  duration: course?.duration ?? '',
  features: course?.features.length ? course.features.map((value) => ({ value })) : [{ value: '' }],
  feePlan: toFeePlanFormValues(course?.feePlan),
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; course: Course | null };

/** Add Course / Edit Course modal (docs/product.md section 5 "Course form"). */
export function CourseFormModal({ open, onOpenChange, course }: Props) {
  const isEdit = Boolean(course);
  const form = useForm<CourseFormValues, unknown, CourseOutput>({ resolver: zodResolver(courseForm), defaultValues: toFormValues(course) });
  const { register, handleSubmit, reset, setError, formState, control, watch } = form;
  const features = useFieldArray({ control, name: 'features' });
  const save = useSaveCourse();
  const { reset: resetSave } = save;

  useEffect(() => {
    if (open) {
      reset(toFormValues(course));
      resetSave();
    }
  }, [open, course, reset, resetSave]);

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: course?._id, body },
      {
        onSuccess: () => {
          toast.success(isEdit ? COURSE_MSG.updated : COURSE_MSG.created);
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) setError(name as keyof CourseFormValues, { message });
          }
        },
      },
    ),
  );

  const e = formState.errors;
  const featuresError = e.features?.root?.message ?? e.features?.message;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? 'Edit Course' : 'Add New Course'}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form="course-form" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : isEdit ? 'Update Course' : 'Create Course'}
          </button>
        </>
      }
    >
      <form id="course-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(save.error, COURSE_MSG.saveError)}</FormAlert>
          </div>
        )}
        <div className="sm:col-span-2">
          <Field label="Course name" autoComplete="off" error={e.name?.message} {...register('name')} />
        </div>
        <div className="sm:col-span-2">
          <Field
            label="Page address (slug)"
            autoComplete="off"
            placeholder={isEdit ? undefined : 'Made from the name when left blank'}
            error={e.slug?.message}
            hint={
              <p className="text-xs text-slate-500">The course page is /courses/{String(watch('slug') ?? '') || 'made-from-the-name'}.</p>
            }
            {...register('slug')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Description" rows={3} error={e.description?.message} {...register('description')} />
        </div>
        <Field label="Price (₹)" type="number" min={0} step="0.01" inputMode="decimal" error={e.price?.message} {...register('price')} />
        <SelectField label="Fee type" options={feeTypeOptions} error={e.feeType?.message} {...register('feeType')} />
        <Field label="Category" autoComplete="off" placeholder="e.g. CLAT" error={e.category?.message} {...register('category')} />
        <Field label="Duration" autoComplete="off" placeholder="e.g. 6 months" error={e.duration?.message} {...register('duration')} />
        <FeePlanFields register={register} errors={e.feePlan} plan={watch('feePlan')} price={watch('price')} />
        <fieldset className="sm:col-span-2" aria-describedby={featuresError ? 'course-features-error' : undefined}>
          <legend className="text-sm font-medium text-slate-700">Features</legend>
          <ul className="mt-1 flex flex-col gap-2">
            {features.fields.map((f, i) => (
              <li key={f.id} className="flex items-start gap-2">
                <div className="flex-1">
                  <input
                    aria-label={`Feature ${i + 1}`}
                    autoComplete="off"
                    placeholder={`Feature ${i + 1}`}
                    className="w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
                    {...register(`features.${i}.value`)}
                  />
                  {(e.features?.[i]?.value?.message ?? e.features?.[i]?.message) && (
                    <p className="text-sm text-red-700">{e.features?.[i]?.value?.message ?? e.features?.[i]?.message}</p>
                  )}
                </div>
                {/* A row can be removed only while more than one exists (docs/product.md section 5). */}
                {features.fields.length > 1 && (
                  <button
                    type="button"
                    onClick={() => features.remove(i)}
                    aria-label={`Remove feature ${i + 1}`}
                    className="rounded-md border border-red-200 p-2 text-red-700 hover:bg-red-50"
                  >
                    <Trash2 aria-hidden="true" className="h-5 w-5" />
                  </button>
                )}
              </li>
            ))}
          </ul>
          {featuresError && (
            <p id="course-features-error" className="mt-1 text-sm text-red-700">
              {featuresError}
            </p>
          )}
          <button
            type="button"
            onClick={() => features.append({ value: '' })}
            className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            <Plus aria-hidden="true" className="h-4 w-4" /> Add Feature
          </button>
        </fieldset>
      </form>
    </Modal>
  );
}
