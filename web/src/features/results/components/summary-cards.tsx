import type { StudentResult } from '@app/common/schemas/submissions';
import { Award, BookCheck, TrendingUp } from 'lucide-react';
import { publishedResultStats } from '../../../api/student-results.ts';
import { StatTile } from '../../../components/admin-page.tsx';
import { formatPercent } from '../../../components/score.tsx';

/** Total Exams, Average Score and Best Score; the scores only over published results, else N/A. */
export function SummaryCards({ results }: { results: StudentResult[] }) {
  const stats = publishedResultStats(results);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatTile label="Total Exams" value={results.length} icon={<BookCheck aria-hidden="true" className="h-6 w-6" />} />
      <StatTile
        label="Average Score"
        value={formatPercent(stats.averagePercent)}
        tone="green"
        icon={<TrendingUp aria-hidden="true" className="h-6 w-6" />}
      />
      <StatTile
        label="Best Score"
        value={formatPercent(stats.bestPercent)}
        tone="amber"
        icon={<Award aria-hidden="true" className="h-6 w-6" />}
      />
    </div>
  );
}
