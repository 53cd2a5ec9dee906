import type { AdminSubmissionStats } from '@app/common/schemas/submissions';
import { plural } from '@app/common/rules/text';
import { SUBMISSION_SORT_KEYS, SUBMISSIONS_PAGE_SIZE } from '@app/common/constants';
import { BookOpen, CheckCircle2, Clock, FileText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage, StatTile } from '../../components/admin-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useAdminSubmissions, useSubmissionStats } from './api/submissions.ts';
import { CourseOverview } from './components/course-overview.tsx';
import { EvaluateModal } from './components/evaluate-modal.tsx';
import { defaultOrder, type Filters, FiltersBar } from './components/filters-bar.tsx';
import { ResultsManagement } from './components/results-management.tsx';
import { Pagination, SubmissionsTable } from './components/submissions-table.tsx';

const isSortKey = (v: string | null): v is Filters['sort'] => SUBMISSION_SORT_KEYS.includes(v as Filters['sort']);

/** /admin/submissions: docs/product.md section 2 "Exam Submissions". Filters live in the address, so a view can be shared. */
export default function SubmissionsPage() {
  const [params, setParams] = useSearchParams();
  const sort = isSortKey(params.get('sort')) ? (params.get('sort') as Filters['sort']) : 'submittedAt';
  const filters: Filters = {
    search: params.get('search') ?? '',
    examId: params.get('examId') ?? '',
    courseId: params.get('courseId') ?? '',
    sort,
    order: params.get('order') === 'asc' ? 'asc' : params.get('order') === 'desc' ? 'desc' : defaultOrder(sort),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [openId, setOpenId] = useState<string | null>(null);

  const stats = useSubmissionStats();
  const list = useAdminSubmissions({ page, limit: SUBMISSIONS_PAGE_SIZE, ...filters });

  const update = useCallback(
    (patch: Partial<Filters> & { page?: number }) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === '' || v === undefined) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const isFiltered = Boolean(filters.search || filters.examId || filters.courseId || params.get('sort') || params.get('order'));

  return (
    <AdminPage title="Exam Submissions">
      <div className="grid gap-6">
        <QueryState
          query={stats}
          errorText={(e) => errorMessage(e, 'Failed to load the submission figures')}
          loading={<Totals totals={undefined} />}
        >
          {(data) => <Totals totals={data.totals} />}
        </QueryState>
        <FiltersBar
          filters={filters}
          stats={stats.data}
          onChange={update}
          onClear={() => setParams(new URLSearchParams(), { replace: true })}
          isFiltered={isFiltered}
        />
        {stats.data && (
          <div className="grid gap-6 xl:grid-cols-2">
            <CourseOverview courses={stats.data.courses} />
            <ResultsManagement exams={stats.data.exams} />
          </div>
        )}
        <section aria-label="Submissions" className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <QueryState
            query={list}
            loadingText="Loading submissions..."
            errorText={(e) => errorMessage(e, 'Failed to load submissions')}
            isEmpty={(d) => d.submissions.length === 0}
            empty="No submissions found"
            emptyHint={
              isFiltered ? 'Try adjusting your search or filter criteria' : 'Submissions will appear here once students take exams'
            }
          >
            {(data) => (
              <>
                <p className="text-sm text-slate-600">
                  {plural(data.total, 'submission')}
                  {list.isFetching && ' · updating...'}
                </p>
                <SubmissionsTable rows={data.submissions} onOpen={(row) => setOpenId(row._id)} />
                <Pagination page={data.page} totalPages={data.totalPages} onPage={(p) => update({ page: p })} />
              </>
            )}
          </QueryState>
        </section>
      </div>
      <EvaluateModal submissionId={openId} onClose={() => setOpenId(null)} />
    </AdminPage>
  );
}

/** The four figures; '…' while they load. */
function Totals({ totals }: { totals: AdminSubmissionStats['totals'] | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatTile label="Total Submissions" value={totals?.total ?? '…'} icon={<FileText aria-hidden="true" className="h-6 w-6" />} />
      <StatTile
        label="Evaluated"
        value={totals?.evaluated ?? '…'}
        tone="green"
        icon={<CheckCircle2 aria-hidden="true" className="h-6 w-6" />}
      />
      <StatTile label="Pending" value={totals?.pending ?? '…'} tone="amber" icon={<Clock aria-hidden="true" className="h-6 w-6" />} />
      <StatTile label="Courses" value={totals?.courses ?? '…'} tone="slate" icon={<BookOpen aria-hidden="true" className="h-6 w-6" />} />
    </div>
  );
}
