import { FEE_TYPE_LABELS } from '@app/common/constants';
import { formatINR } from '@app/common/rules/money';
import type { Course } from '@app/common/schemas/courses';
import { ArrowRight, Check, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useActiveCourses } from '../../../api/courses.ts';
import { Section, Skeleton } from './section.tsx';

/** docs/product.md section 2: a card shows the first 3 features plus a count of the rest. */
const FEATURES_SHOWN = 3;

export function CoursesSection() {
  const courses = useActiveCourses();
  return (
    <Section
      id="courses"
      tone="muted"
      eyebrow="Programmes"
      title="Our courses"
      intro="Structured programmes with classroom teaching, printed material and a full test series."
    >
      <QueryState
        query={courses}
        errorText="Courses could not be loaded."
        loading={
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            <Skeleton label="Loading courses..." count={4} className="h-96" />
          </div>
        }
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            New courses will be announced soon.
          </p>
        }
      >
        {(data) => (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {data.map((course) => (
              <CourseCard key={course._id} course={course} />
            ))}
          </div>
        )}
      </QueryState>
    </Section>
  );
}

/** A course's card: its fee, duration and first features, a link to its page and the admission request. */
export function CourseCard({ course }: { course: Course }) {
  const shown = course.features.slice(0, FEATURES_SHOWN);
  const more = course.features.length - shown.length;
  return (
    <article
      aria-labelledby={`course-${course._id}`}
      data-testid="course-card"
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      {course.category && <p className="text-xs font-semibold uppercase tracking-widest text-amber-700">{course.category}</p>}
      <h3 id={`course-${course._id}`} className="mt-1 font-serif text-xl font-bold text-brand-900">
        <Link to={`/courses/${course.slug}`} className="hover:underline">
          {course.name}
        </Link>
      </h3>
      <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{course.description}</p>
      <div className="mt-5 border-y border-slate-100 py-4">
        <p className="text-2xl font-bold text-brand-800">{formatINR(course.price)}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="rounded bg-brand-50 px-2 py-0.5 font-medium text-brand-800">{FEE_TYPE_LABELS[course.feeType]}</span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {course.duration}
          </span>
        </p>
      </div>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {shown.map((f) => (
          <li key={f} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
            {f}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-2 pl-6 text-sm font-medium text-brand-700">+{more} more</p>}
      <div className="mt-auto pt-6">
        <Link
          to={`/admission-request?course=${encodeURIComponent(course._id)}`}
          className="flex items-center justify-center gap-2 rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-white transition hover:bg-brand-700"
        >
          Request Admission<span className="sr-only"> for {course.name}</span>
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </article>
  );
}
