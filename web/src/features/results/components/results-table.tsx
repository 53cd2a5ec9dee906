import { formatDate } from '@app/common/rules/dates';
import type { StudentResult } from '@app/common/schemas/submissions';
import { Eye } from 'lucide-react';
import { GradeBadge, Percent } from '../../../components/score.tsx';
import { AnalysisLink, isRanked, percentileText, rankText } from './standing.tsx';

/** docs/product.md section 4: a result is published only when the exam's results are published and the percentage is present. */
export const isPublished = (r: StudentResult) => r.resultsPublished && r.percentage !== null;

type Props = { results: StudentResult[]; onDetails: (r: StudentResult) => void };

export function ResultsTable({ results, onDetails }: Props) {
  return (
    <>
      <ul className="grid gap-3 md:hidden">
        {results.map((r) => (
          <ResultCard key={r._id} result={r} onDetails={onDetails} />
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {['Exam', 'Date', 'Score', 'Percentage', 'Grade / Rank', 'Status', 'Action'].map((h) => (
                <th key={h} scope="col" className="px-4 py-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {results.map((r) => {
              const published = isPublished(r);
              return (
                <tr key={r._id}>
                  <th scope="row" className="px-4 py-3 text-left font-semibold text-slate-900">
                    {r.exam.title}
                  </th>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(r.submittedAt)}</td>
                  <td className="px-4 py-3 text-slate-700">
                    {published ? (
                      <span className="whitespace-nowrap font-semibold">
                        {r.marksObtained} / {r.totalMarks}
                      </span>
                    ) : (
                      <span className="text-slate-500">Results not published yet</span>
                    )}
                  </td>
                  <td className="px-4 py-3">{published ? <Percent value={r.percentage} /> : <span className="text-slate-500">—</span>}</td>
                  <td className="px-4 py-3">
                    {published && isRanked(r) ? (
                      <span className="whitespace-nowrap font-semibold">{rankText(r)}</span>
                    ) : (
                      <GradeBadge grade={published ? r.grade : null} />
                    )}
                  </td>
                  <td className="px-4 py-3">
                    {published && isRanked(r) ? (
                      <span className="whitespace-nowrap">{percentileText(r)}</span>
                    ) : published ? (
                      <span className={`font-semibold ${r.isPassed ? 'text-green-700' : 'text-red-700'}`}>
                        {r.isPassed ? 'Passed' : 'Failed'}
                      </span>
                    ) : (
                      <span className="whitespace-nowrap font-medium text-amber-800">Under Review</span>
                    )}
                  </td>
                  <td className="flex gap-2 px-4 py-3">
                    <button
                      type="button"
                      disabled={!published}
                      onClick={() => onDetails(r)}
                      aria-label={`Details: ${r.exam.title}`}
                      className="inline-flex items-center gap-1 whitespace-nowrap rounded-md border border-brand-600 px-2.5 py-1.5 font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent"
                    >
                      <Eye aria-hidden="true" className="h-4 w-4" /> Details
                    </button>
                    {published && <AnalysisLink result={r} />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

const detailsButton =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md border border-brand-600 px-2.5 py-1.5 font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent';

/** The same row as a card on a phone. */
function ResultCard({ result: r, onDetails }: { result: StudentResult; onDetails: (r: StudentResult) => void }) {
  const published = isPublished(r);
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">{r.exam.title}</p>
          <p className="text-sm text-slate-600">{formatDate(r.submittedAt)}</p>
        </div>
        {!isRanked(r) && <GradeBadge grade={published ? r.grade : null} />}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        {published ? (
          <p className="flex flex-wrap items-center gap-3">
            <span className="font-semibold">
              {r.marksObtained} / {r.totalMarks}
            </span>
            <Percent value={r.percentage} />
            {isRanked(r) ? (
              <>
                <span className="font-semibold">{rankText(r)}</span>
                <span>{percentileText(r)}</span>
              </>
            ) : (
              <span className={`font-semibold ${r.isPassed ? 'text-green-700' : 'text-red-700'}`}>{r.isPassed ? 'Passed' : 'Failed'}</span>
            )}
          </p>
        ) : (
          <p className="flex flex-col">
            <span className="font-medium text-amber-800">Under Review</span>
            <span className="text-slate-600">Results not published yet</span>
          </p>
        )}
        <button
          type="button"
          disabled={!published}
          onClick={() => onDetails(r)}
          aria-label={`Details: ${r.exam.title}`}
          className={detailsButton}
        >
          <Eye aria-hidden="true" className="h-4 w-4" /> Details
        </button>
        {published && <AnalysisLink result={r} />}
      </div>
    </li>
  );
}
