import type { AuditEntity } from '@app/common/schemas/audit';
import { useState } from 'react';
import { AdminPage } from '../../components/admin-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/states.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { type AuditFilters as Filters, useAuditLog } from './api/audit-log.ts';
import { AuditFilters } from './components/audit-filters.tsx';
import { AuditTable } from './components/audit-table.tsx';

const pageButton =
  'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/** /admin/audit: who changed money, marks, accounts or admissions, when, and from what to what (docs/security-verification.md). */
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
        <QueryState
          query={log}
          loadingText="Loading audit trail..."
          errorText={(e) => errorMessage(e, 'Could not load the audit trail.')}
          isEmpty={(d) => d.entries.length === 0}
          empty={
            <EmptyState
              title={isFiltered ? 'No entries match these filters' : 'No audit entries yet'}
              hint={
                isFiltered ? 'Try another entity or person.' : 'Admin actions on payments, marks, accounts and admissions will appear here.'
              }
            />
          }
        >
          {(data) => (
            <>
              <p className="text-sm text-slate-600" aria-live="polite">
                {data.total} {data.total === 1 ? 'entry' : 'entries'}
              </p>
              <AuditTable entries={data.entries} />
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
                  Page {data.page} of {data.totalPages}
                </span>
                <button
                  type="button"
                  className={pageButton}
                  disabled={filters.page >= data.totalPages || log.isPlaceholderData}
                  onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
                >
                  Next
                </button>
              </nav>
            </>
          )}
        </QueryState>
      </div>
    </AdminPage>
  );
}
