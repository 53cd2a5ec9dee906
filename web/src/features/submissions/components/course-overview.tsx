import { plural } from '@app/common/rules/text';
import { scoreColour } from '@app/common/rules/grades';
import type { AdminSubmissionStats } from '@app/common/schemas/submissions';
import { formatPercent, Percent } from '../../../components/score.tsx';

const bar = { green: 'bg-green-600', blue: 'bg-blue-600', yellow: 'bg-yellow-500', red: 'bg-red-600', grey: 'bg-slate-300' } as const;

/** Course Performance Overview: submissions per course and the average over evaluated ones. */
export function CourseOverview({ courses }: { courses: AdminSubmissionStats['courses'] }) {
  return (
    <section aria-labelledby="course-overview" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="course-overview" className="text-lg font-semibold text-brand-800">
        Course Performance Overview
      </h2>
      {courses.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No submissions yet.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {courses.map((c) => (
            <li key={c.course?._id ?? 'none'} className="min-w-0 rounded-lg border border-slate-200 p-4">
              <p className="break-words font-semibold text-slate-900">{c.course?.name ?? 'No course'}</p>
              <p className="mt-1 text-sm text-slate-600">
                {plural(c.submissions, 'submission')} · {c.evaluated} evaluated · {c.pending} pending · {c.passed} passed
              </p>
              <div className="mt-3 flex items-center justify-between text-sm">
                <span className="text-slate-600">Average score</span>
                <Percent value={c.averagePercentage} />
              </div>
              <div
                className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                role="img"
                aria-label={`Average score ${formatPercent(c.averagePercentage)}`}
              >
                <div
                  className={`h-full ${bar[scoreColour(c.averagePercentage)]}`}
                  style={{ width: `${Math.min(100, c.averagePercentage ?? 0)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
