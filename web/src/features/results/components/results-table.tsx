import { formatDate } from '@app/common/rules/dates';
import type { StudentResult } from '@app/common/schemas/submissions';
import { Eye } from 'lucide-react';
import { isPublished } from '../../../api/student-results.ts';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { GradeBadge, Percent } from '../../../components/score.tsx';
import { AnalysisLink, isRanked, rankText } from './standing.tsx';

type Props = { results: StudentResult[]; onDetails: (r: StudentResult) => void };

const detailsButton =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md border border-brand-600 px-2.5 py-1.5 font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent';

const score = (r: StudentResult) =>
  isPublished(r) ? (
    <span className="whitespace-nowrap font-semibold">
      {r.marksObtained} / {r.totalMarks}
    </span>
  ) : (
    <span className="text-slate-500">Results not published yet</span>
  );

const gradeOrRank = (r: StudentResult) => {
  const published = isPublished(r);
  return published && isRanked(r) ? (
    <span className="whitespace-nowrap font-semibold">{rankText(r)}</span>
  ) : (
    <GradeBadge grade={published ? r.grade : null} />
  );
};

// A ranked mock's percentile has a column (a row of the card on a phone) of its own, not the Status.
const percentile = (r: StudentResult) =>
  isPublished(r) && isRanked(r) && r.percentile !== null ? (
    <span className="whitespace-nowrap">{r.percentile.toFixed(2)}</span>
  ) : (
    <span className="text-slate-500">—</span>
  );

const status = (r: StudentResult) => {
  const published = isPublished(r);
  return published && isRanked(r) ? (
    <span className="whitespace-nowrap font-semibold text-slate-800">Published</span>
  ) : published ? (
    <span className={`font-semibold ${r.isPassed ? 'text-green-700' : 'text-red-700'}`}>{r.isPassed ? 'Passed' : 'Failed'}</span>
  ) : (
    <span className="whitespace-nowrap font-medium text-amber-800">Under Review</span>
  );
};

const columns: Column<StudentResult>[] = [
  { header: 'Exam', rowHeader: true, className: 'font-semibold text-slate-900', cell: (r) => r.exam.title, hideInCard: true },
  { header: 'Date', className: 'whitespace-nowrap text-slate-700', cell: (r) => formatDate(r.submittedAt) },
  { header: 'Score', className: 'text-slate-700', cell: score },
  {
    header: 'Percentage',
    cell: (r) => (isPublished(r) ? <Percent value={r.percentage} /> : <span className="text-slate-500">—</span>),
  },
  { header: 'Grade / Rank', cell: gradeOrRank },
  { header: 'Percentile', cell: percentile },
  { header: 'Status', cell: status },
];

/** The student's results: a table from tablet width up, a card per exam on a phone. */
export function ResultsTable({ results, onDetails }: Props) {
  return (
    <DataTable
      rows={results}
      rowKey={(r) => r._id}
      columns={columns}
      caption="Your results"
      cardTitle={(r) => <p className="font-semibold text-slate-900">{r.exam.title}</p>}
      actionsHeader="Action"
      actions={(r) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={!isPublished(r)}
            onClick={() => onDetails(r)}
            aria-label={`Details: ${r.exam.title}`}
            className={detailsButton}
          >
            <Eye aria-hidden="true" className="h-4 w-4" /> Details
          </button>
          {isPublished(r) && <AnalysisLink result={r} />}
        </div>
      )}
    />
  );
}
