import { formatDate } from '@app/common/rules/dates';
import type { StudentResult } from '@app/common/schemas/submissions';
import type { UseQueryResult } from '@tanstack/react-query';
import { Award, BarChart3, ListOrdered, TrendingUp, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { isPublished, publishedResultStats } from '../../../api/student-results.ts';
import { StatTile } from '../../../components/admin-page.tsx';
import { formatPercent, GradeBadge, Percent } from '../../../components/score.tsx';
import { DashboardSection } from './dashboard-section.tsx';

/** Stats of docs/product.md section 2 "Student dashboard": average and best over published results; the latest rank (docs/product-results.md). */
export function ResultStats({ query }: { query: UseQueryResult<StudentResult[]> }) {
  return (
    <DashboardSection title="Performance" icon={<BarChart3 className="h-5 w-5" />} query={query} errorText="Failed to load your statistics">
      {(list: StudentResult[]) => {
        const stats = publishedResultStats(list);
        // The list is newest first: the first ranked result is the latest rank.
        const latest = list.find((r) => r.rank !== null);
        return (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatTile label="Exams Taken" value={list.length} icon={<ListOrdered aria-hidden="true" className="h-5 w-5" />} />
            <StatTile
              label="Average Score"
              value={formatPercent(stats.averagePercent)}
              tone="green"
              icon={<TrendingUp aria-hidden="true" className="h-5 w-5" />}
            />
            <StatTile
              label="Best Score"
              value={formatPercent(stats.bestPercent)}
              tone="amber"
              icon={<Trophy aria-hidden="true" className="h-5 w-5" />}
            />
            <StatTile
              label="Rank"
              value={
                latest ? (
                  <span title={latest.exam.title}>
                    {latest.rank} / {latest.candidates}
                  </span>
                ) : (
                  <span className="block text-sm font-semibold leading-tight text-slate-500">Not calculated</span>
                )
              }
              tone="slate"
              icon={<Award aria-hidden="true" className="h-5 w-5" />}
            />
          </div>
        );
      }}
    </DashboardSection>
  );
}

export function RecentResults({ query }: { query: UseQueryResult<StudentResult[]> }) {
  return (
    <DashboardSection
      title="Results"
      icon={<Award className="h-5 w-5" />}
      query={query}
      errorText="Failed to load your results"
      action={
        <Link to="/student/results" className="text-sm font-semibold text-brand-700 hover:underline">
          View All Results
        </Link>
      }
    >
      {(list: StudentResult[]) =>
        list.length === 0 ? (
          <p className="text-slate-600">No results yet. Take an exam to see your results here.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.slice(0, 5).map((r) => (
              <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium text-slate-900">{r.exam.title}</p>
                  <p className="text-sm text-slate-500">{formatDate(r.submittedAt)}</p>
                </div>
                {isPublished(r) ? (
                  <div className="flex items-center gap-3 text-sm">
                    <span>
                      {r.marksObtained} / {r.totalMarks}
                    </span>
                    <Percent value={r.percentage} />
                    {/* A ranked mock: its rank, never a grade (docs/product-results.md). */}
                    {r.exam.resultMode === 'rank' ? (
                      <span className="whitespace-nowrap font-semibold">
                        {r.rank === null ? 'Rank —' : `Rank ${r.rank} / ${r.candidates}`}
                      </span>
                    ) : (
                      <GradeBadge grade={r.grade} />
                    )}
                  </div>
                ) : (
                  <span className="text-sm font-medium text-amber-800">Under Review</span>
                )}
              </li>
            ))}
          </ul>
        )
      }
    </DashboardSection>
  );
}
