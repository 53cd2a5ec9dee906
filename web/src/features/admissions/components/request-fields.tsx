import type { AdmissionRequestForm } from '@app/common/schemas/admissions';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLightFormContext } from '../../../lib/light-form.tsx';
import { Field } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { centresQuery } from '../../../api/centres.ts';
import { activeCoursesQuery } from '../../../api/courses.ts';

// The two choices need the course and centre lists (and TanStack Query's useQuery); they load just
// after the text fields, in the same place and size as the disabled selects shown meanwhile (performance target, bench/README.md).
const ChoiceFields = lazy(() => import('./choice-fields.tsx'));

function ChoicesLoading() {
  return (
    <>
      <SelectField label="Course" options={[{ value: '', label: 'Loading courses...' }]} className="w-full" disabled />
      <SelectField label="Centre" options={[{ value: '', label: 'Loading centres...' }]} className="w-full" disabled />
    </>
  );
}

/** The empty answers of the fields below: both forms start from these and return to them after a send. */
export const emptyRequestFields: Partial<AdmissionRequestForm> = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  education: '',
  course: '',
  reason: '',
};

/**
 * The fields every admission request has (docs/product.md section 5 "Request admission"): used by the request
 * form and the Application Form inside their LightFormProvider.
 */
export function RequestFields({ preselectCourse }: { preselectCourse?: string } = {}) {
  const { register, formState } = useLightFormContext<AdmissionRequestForm>();
  const e = formState.errors;
  return (
    <>
      <Field label="Full name" autoComplete="name" error={e.fullName?.message} {...register('fullName')} />
      <Field label="Email" type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
      <Field label="Phone number" type="tel" autoComplete="tel" error={e.phone?.message} {...register('phone')} />
      <Field label="Education" placeholder="e.g. Class 12, B.A. LL.B." error={e.education?.message} {...register('education')} />
      <div className="sm:col-span-2">
        <TextAreaField label="Address" rows={2} autoComplete="street-address" error={e.address?.message} {...register('address')} />
      </div>
      <Suspense fallback={<ChoicesLoading />}>
        <ChoiceFields preselectCourse={preselectCourse} />
      </Suspense>
      <div className="sm:col-span-2">
        <TextAreaField
          label="Why do you want to join?"
          rows={3}
          placeholder="Your goals, the exam you are preparing for..."
          error={e.reason?.message}
          {...register('reason')}
        />
      </div>
    </>
  );
}

/**
 * What the server is told about the chosen course and centre beside their ids (docs/product.md section 7),
 * read from the lists the choices were made from.
 */
export function useSelections() {
  const queryClient = useQueryClient();
  return (courseId: string, centreId: string) => {
    const course = queryClient.getQueryData(activeCoursesQuery.queryKey)?.find((c) => c._id === courseId);
    const centre = queryClient.getQueryData(centresQuery.queryKey)?.find((c) => c.id === centreId);
    return {
      selectedCourse: course ? { id: course._id, name: course.name, price: course.price } : undefined,
      selectedCentre: centre
        ? { id: centre.id, name: centre.name, location: centre.location, address: centre.address, phone: centre.phone }
        : undefined,
    };
  };
}
