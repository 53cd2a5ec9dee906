import { FEE_TYPE_LABELS } from '@app/common/constants';
import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { CoursePage as Course } from '@app/common/schemas/site';
import { ArrowRight, CalendarDays, Check, Clock, MapPin, Phone } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCoursePage } from '../api/site.ts';
import { PageHeader } from './page-header.tsx';
import { Section } from './section.tsx';
import { SiteText } from './site-text.tsx';
import { ToppersGrid } from './toppers-section.tsx';

/** /courses/{slug}: a course's own page (docs/product-site.md). */
export default function CourseScreen() {
  const { slug = '' } = useParams();
  const course = useCoursePage(slug);
  usePageTitle(course.data?.name ?? 'Course');
  return (
    <QueryState
      query={course}
      errorText="This course could not be loaded."
      errorView={(err) =>
        err instanceof ApiError && err.status === 404 ? (
          <section className="mx-auto max-w-xl px-4 py-24 text-center">
            <h1 className="font-serif text-3xl font-bold text-brand-900">Course not found</h1>
            <p className="mt-4 text-slate-600">This course is not offered any more, or its address has changed.</p>
            <Link to="/courses" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
              See all our courses
            </Link>
          </section>
        ) : null
      }
    >
      {(data) => <CourseDetails course={data} />}
    </QueryState>
  );
}

const fee = (course: Course) => `${formatINR(course.price)}${course.feeType === 'monthly' ? ' a month' : ''}`;

function CourseDetails({ course }: { course: Course }) {
  return (
    <>
      <PageHeader eyebrow={course.category || 'Course'} title={course.name}>
        <p className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <span className="font-serif text-3xl font-bold text-gold-400" data-testid="course-fee">
            {fee(course)}
          </span>
          <span className="rounded bg-white/10 px-2 py-0.5 text-sm font-medium">{FEE_TYPE_LABELS[course.feeType]}</span>
          <span className="inline-flex items-center gap-1 text-base">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {course.duration}
          </span>
        </p>
        {course.feePlan.installments > 1 && (
          <p className="mt-2 text-base text-slate-300">Pay in up to {course.feePlan.installments} installments.</p>
        )}
        <Link
          to={`/admission-request?course=${encodeURIComponent(course._id)}`}
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-gold-400 px-6 py-3 font-semibold text-brand-900 shadow-lg shadow-black/20 hover:bg-gold-500"
        >
          Request admission
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      </PageHeader>
      <Section id="about-course" title="About the course">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
          <SiteText text={course.description} className="space-y-4 text-lg leading-relaxed text-slate-700" />
          {course.features.length > 0 && (
            <div>
              <h3 className="font-semibold text-brand-900">What is included</h3>
              <ul className="mt-3 space-y-2 text-slate-700">
                {course.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-emerald-600" />
                    {f}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </Section>
      <Section id="batches" tone="muted" title="Upcoming batches">
        {course.upcomingBatches.length === 0 ? (
          <p className="text-slate-600">New batches will be announced soon. Ask any centre for the next start date.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {course.upcomingBatches.map((b) => (
              <li key={b._id} data-testid="batch" className="rounded-xl border border-slate-200 bg-white p-5">
                <p className="font-semibold text-brand-900">{b.name}</p>
                <p className="mt-1 text-sm text-slate-600">{b.centreName}</p>
                <p className="mt-3 inline-flex items-center gap-2 text-sm text-slate-700">
                  <CalendarDays aria-hidden="true" className="h-4 w-4" />
                  Starts {formatDate(b.startsOn)} · {b.timingLabel}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="centres" title="Where it is taught">
        <ul className="grid gap-4 md:grid-cols-3">
          {course.centres.map((c) => (
            <li key={c.id} className="rounded-xl border border-slate-200 p-5">
              <p className="font-semibold text-brand-900">{c.name}</p>
              <p className="mt-2 flex gap-2 text-sm text-slate-600">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                {c.address}
              </p>
              <p className="mt-2 flex gap-2 text-sm">
                <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <a href={`tel:${c.phone.replace(/\s+/g, '')}`} className="text-brand-700 hover:underline">
                  {c.phone}
                </a>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      {course.toppers.length > 0 && (
        <Section id="course-toppers" tone="muted" title={`Toppers of ${course.name}`}>
          <ToppersGrid toppers={course.toppers} />
        </Section>
      )}
    </>
  );
}
