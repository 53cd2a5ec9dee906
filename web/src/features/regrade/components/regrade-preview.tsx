import type { RegradeResult } from '@app/common/schemas/regrade';
import { DataTable } from '../../../components/data-table.tsx';
import { marks } from './format.ts';

/** What applying the decisions would change (docs/product-regrade.md): affected, the largest change, the new top 10. */
export function RegradePreview({ result }: { result: RegradeResult }) {
  const largest = result.largestChange;
  return (
    <section className="grid gap-4 rounded-xl border border-brand-200 bg-brand-50 p-4" aria-labelledby="preview-heading" aria-live="polite">
      <h3 id="preview-heading" className="text-lg font-semibold text-brand-800">
        Preview
      </h3>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg bg-white p-3 shadow-sm">
          <dt className="text-sm text-slate-600">Students affected</dt>
          <dd className="text-2xl font-bold text-brand-800" data-testid="preview-affected">
            {result.affected.toLocaleString('en-IN')} of {result.candidates.toLocaleString('en-IN')}
          </dd>
        </div>
        <div className="rounded-lg bg-white p-3 shadow-sm sm:col-span-2">
          <dt className="text-sm text-slate-600">Largest change</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {largest
              ? `${largest.studentName}: ${marks(largest.before)} → ${marks(largest.after)} (${largest.difference > 0 ? '+' : ''}${marks(largest.difference)})`
              : 'No marks change'}
          </dd>
        </div>
      </dl>
      <div>
        <h4 className="mb-2 font-semibold text-brand-800">New top 10</h4>
        {result.top10.length === 0 ? (
          <p className="text-sm text-slate-600">No submissions yet.</p>
        ) : (
          <DataTable
            rows={result.top10}
            rowKey={(r) => r.submissionId}
            caption="New top 10"
            cardTitle={(r) => (
              <span className="font-semibold">
                {r.rank}. {r.studentName}
              </span>
            )}
            cardBadge={(r) => <span className="text-sm font-semibold">{marks(r.marksObtained)}</span>}
            columns={[
              { header: 'Rank', hideInCard: true, className: 'w-20', cell: (r) => r.rank },
              { header: 'Student', hideInCard: true, cell: (r) => r.studentName },
              { header: 'Marks', hideInCard: true, cell: (r) => marks(r.marksObtained) },
              {
                header: 'Rank before',
                cell: (r) => (r.previousRank === r.rank ? `${r.previousRank} (same)` : `${r.previousRank} → ${r.rank}`),
              },
            ]}
          />
        )}
      </div>
    </section>
  );
}
