import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { keepingLastAnswer, QueryState } from '../../components/query-state.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { useBatches } from '../../api/batches.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { exportStudentsCsv } from './api/export-students.ts';
import { useStudentList } from './api/students.ts';
import { Pager } from './components/pager.tsx';
import { StudentFilters } from './components/student-filters.tsx';
import { StudentStats } from './components/student-stats.tsx';
import { StudentsTable } from './components/students-table.tsx';
import { useStudentActions } from './components/use-student-actions.tsx';
import { useStudentFilters } from './components/use-student-filters.ts';
import { STUDENT_WEB_MSG } from './messages.ts';

/** /admin/students: the Admin student list of docs/product.md section 2; filtering, sorting and paging on the server. */
export default function StudentsPage() {
  const f = useStudentFilters();
  const list = useStudentList(f.query);
  const actions = useStudentActions();
  // The batch filter is for the roles that may read batches: an accountant's list never asks for them.
  const canReadBatches = usePermissions().can('batches.view');
  const batches = useBatches({}, { enabled: canReadBatches });
  const [exporting, setExporting] = useState(false);
  const lastPage = list.data?.totalPages ?? 1;
  const pageEmpty = list.data?.users.length === 0;
  // After deleting the last student of the last page, step back to a page that exists.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer changes
  useEffect(() => {
    if (pageEmpty && f.page > 1 && !list.isPlaceholderData) f.setPage(Math.max(1, lastPage));
  }, [pageEmpty, f.page, lastPage, list.isPlaceholderData]);

  const onExport = async () => {
    setExporting(true);
    try {
      await exportStudentsCsv(f.query);
    } catch (err) {
      toast.error(errorMessage(err, STUDENT_WEB_MSG.exportError));
    } finally {
      setExporting(false);
    }
  };

  const stats = list.data?.stats;
  const courses = stats?.courseDistribution.map((c) => c.course) ?? [];

  return (
    <AdminPage
      title="Student Management"
      actions={
        <button type="button" className={buttonClass.primary} onClick={onExport} disabled={exporting || !list.data}>
          <Download aria-hidden="true" className="h-4 w-4" /> {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      }
    >
      {/* A failed first load replaces the page; a failed refetch keeps the last page and the filters, with the error above it. */}
      <QueryState
        query={keepingLastAnswer(list)}
        loadingText="Loading students..."
        errorText={(e) => errorMessage(e, STUDENT_WEB_MSG.listError)}
      >
        {(data) => (
          <div className="flex flex-col gap-6">
            {stats && <StudentStats stats={stats} onViewCentre={(c) => f.setFilter('centre', c)} />}
            <StudentFilters
              filters={f.filters}
              sort={f.sort}
              order={f.order}
              courses={courses}
              batches={canReadBatches ? (batches.data ?? []) : undefined}
              hasFilters={f.hasFilters}
              onFilter={f.setFilter}
              onSort={f.setSort}
              onToggleOrder={f.toggleOrder}
              onClear={f.clearAll}
            />
            {list.isError && <ErrorState message={errorMessage(list.error, STUDENT_WEB_MSG.listError)} onRetry={() => list.refetch()} />}
            <div
              aria-busy={list.isFetching}
              data-testid="student-results"
              className={`flex flex-col gap-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {data.users.length === 0 ? (
                <EmptyState
                  title="No students found"
                  hint={f.hasFilters ? 'Try adjusting your search or filter criteria' : 'Students will appear here once they register'}
                />
              ) : (
                <>
                  <StudentsTable
                    students={data.users}
                    busyId={actions.busyId}
                    onToggle={actions.toggle}
                    onReset={actions.reset}
                    onDelete={actions.remove}
                  />
                  <Pager page={data.page} totalPages={data.totalPages} total={data.total} onPage={f.setPage} />
                </>
              )}
            </div>
          </div>
        )}
      </QueryState>
      {actions.dialogs}
    </AdminPage>
  );
}
