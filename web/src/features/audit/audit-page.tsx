import type { AuditEntity } from '@app/common/schemas/audit';
import { useState } from 'react';
import { AdminPage } from '../../components/admin-page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { type AuditFilters as Filters, useAuditLog } from './api/audit-log.ts';
import { AuditFilters } from './components/audit-filters.tsx';
import { AuditTable } from './components/audit-table.tsx';

const pageButton =
  'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/** /admin/audit: who changed money, marks, accounts or admissions, when, and from what to what (issue 7). */
export default function AuditPage() {
  const [filters, setFilters] = useState<Filters>({ entity: '', actorId: '', page: 1 });
  const log = useAuditLog(filters);
  const change = (c: { entity?: AuditEntity | ''; actorId?: string }) => setFilters((f) => ({ ...f, ...c, page: 1 }));
  const isFiltered = filters.entity !== '' || filters.actorId !== '';

  return (
    <AdminPage title="Audit Trail">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          Every admin action on payments, marks, accounts and admissions, newest first, with the values before and after.
        </p>
        <AuditFilters entity={filters.entity} actorId={filters.actorId} actors={log.data?.actors ?? []} onChange={change} />
        {log.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading audit trail..." />
          </div>
        ) : log.isError ? (
          <ErrorState message={errorMessage(log.error, 'Could not load the audit trail.')} onRetry={() => void log.refetch()} />
        ) : log.data.entries.length === 0 ? (
          <EmptyState
            title={isFiltered ? 'No entries match these filters' : 'No audit entries yet'}
            hint={
              isFiltered ? 'Try another entity or person.' : 'Admin actions on payments, marks, accounts and admissions will appear here.'
            }
          />
        ) : (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              {log.data.total} {log.data.total === 1 ? 'entry' : 'entries'}
            </p>
            <AuditTable entries={log.data.entries} />
            <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
              <button
                type="button"
                className={pageButton}
                disabled={filters.page <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
              >
                Previous
              </button>
              <span className="text-sm text-slate-700">
                Page {log.data.page} of {log.data.totalPages}
              </span>
              <button
                type="button"
                className={pageButton}
                disabled={filters.page >= log.data.totalPages || log.isPlaceholderData}
                onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
              >
                Next
              </button>
            </nav>
          </>
        )}
      </div>
    </AdminPage>
  );
}
