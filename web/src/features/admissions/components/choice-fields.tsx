import type { AdmissionRequestForm } from '@app/common/schemas/admissions';
import { formatINR } from '@app/common/rules/money';
import { useEffect, useRef } from 'react';
import { useLightFormContext } from '../../../lib/light-form.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { useCentres } from '../../../api/centres.ts';
import { useActiveCourses } from '../../../api/courses.ts';

function LoadProblem({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      Could not load the {what}.{' '}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        Retry
      </button>
    </p>
  );
}

/** The course and centre choices of an admission request, filled from GET /api/courses and /api/centres. */
export default function ChoiceFields({ preselectCourse }: { preselectCourse?: string }) {
  const { register, formState, setValue } = useLightFormContext<AdmissionRequestForm>();
  const e = formState.errors;
  const courses = useActiveCourses();
  const centres = useCentres();
  // A course card's "Request Admission" names its course: chosen once the list is there, and only
  // when it is an open course (an old or edited link leaves the choice to the visitor).
  // Done once: a later change by the visitor is theirs to keep.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !preselectCourse || !courses.data) return;
    preselected.current = true;
    if (courses.data.some((c) => c._id === preselectCourse)) setValue('course', preselectCourse);
  }, [preselectCourse, courses.data, setValue]);
  const courseOptions = [
    { value: '', label: courses.isPending ? 'Loading courses...' : 'Select a course' },
    ...(courses.data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${formatINR(c.price)})` })),
  ];
  const centreOptions = [
    { value: '', label: centres.isPending ? 'Loading centres...' : 'Select a centre' },
    ...(centres.data ?? []).map((c) => ({ value: c.id, label: `${c.name}, ${c.location}` })),
  ];
  return (
    <>
      <div className="flex flex-col gap-1">
        <SelectField
          label="Course"
          options={courseOptions}
          className="w-full"
          disabled={courses.isPending}
          error={e.course?.message}
          {...register('course')}
        />
        {courses.isError && <LoadProblem what="courses" onRetry={() => courses.refetch()} />}
        {courses.isSuccess && courses.data.length === 0 && (
          <p className="text-sm text-slate-600">No courses are open for admission right now.</p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <SelectField
          label="Centre"
          options={centreOptions}
          className="w-full"
          disabled={centres.isPending}
          error={e.centre?.message}
          {...register('centre')}
        />
        {centres.isError && <LoadProblem what="centres" onRetry={() => centres.refetch()} />}
      </div>
    </>
  );
}
