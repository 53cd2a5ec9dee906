import type { StudentStats as Stats } from '@app/common/schemas/users';
import { BookOpen, Building2, UserCheck, Users } from 'lucide-react';
import { StatTile } from '../../../components/admin-page.tsx';

/** The four tiles and the centre and course distributions (docs/product.md section 2, Admin student list). */
export function StudentStats({ stats, onViewCentre }: { stats: Stats; onViewCentre: (centre: string) => void }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile label="Total Students" value={stats.totalStudents} icon={<Users aria-hidden="true" className="h-6 w-6" />} />
        <StatTile
          label="Active Students"
          value={stats.activeStudents}
          tone="green"
          icon={<UserCheck aria-hidden="true" className="h-6 w-6" />}
        />
        <StatTile
          label="Courses Offered"
          value={stats.coursesOffered}
          tone="amber"
          icon={<BookOpen aria-hidden="true" className="h-6 w-6" />}
        />
        <StatTile
          label="Active Centres"
          value={stats.activeCentres}
          tone="slate"
          icon={<Building2 aria-hidden="true" className="h-6 w-6" />}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="centre-dist" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="centre-dist" className="font-semibold text-slate-800">
            Centre Distribution
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {stats.centreDistribution.map((c) => (
              <li key={c.centre} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
                <div>
                  <p className="font-medium text-slate-800">{c.name}</p>
                  <p className="text-sm text-slate-600">
                    <span className="text-lg font-bold text-brand-800">{c.count}</span> {c.count === 1 ? 'student' : 'students'}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => onViewCentre(c.centre)}
                  className="rounded-md border border-brand-100 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  aria-label={`View All students of ${c.name}`}
                >
                  View All
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="course-dist" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="course-dist" className="font-semibold text-slate-800">
            Course Distribution
          </h2>
          {stats.courseDistribution.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No students yet.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-3">
              {stats.courseDistribution.map((c) => (
                <li key={c.course} className="rounded-lg border border-slate-200 p-3">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-medium text-slate-800">{c.course}</span>
                    <span className="whitespace-nowrap text-sm text-slate-600">
                      {c.count} {c.count === 1 ? 'student' : 'students'}
                    </span>
                  </div>
                  <div className="mt-2 flex items-center gap-3">
                    <div className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden="true">
                      <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.min(100, c.averageScore ?? 0)}%` }} />
                    </div>
                    <span className="w-28 text-right text-xs text-slate-600">
                      {c.averageScore === null ? 'No scores yet' : `Avg score ${Math.round(c.averageScore)}%`}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
