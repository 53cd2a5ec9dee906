import type { Batch } from '@app/common/schemas/batches';
import { formatDate } from '@app/common';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { buttonClass } from '../../components/field.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { type BatchFilters, useBatches, useCourseOptions, useDeleteBatch, useSaveBatch } from './api/batches.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { BATCH_UI, TIMING_LABELS } from './messages.ts';
import { CentreFilter } from '../../components/centre-filter.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';

// Loaded on first opening: react-hook-form and the form stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const BatchFormModal = lazyWithPreload(() => import('./components/batch-form.tsx').then((m) => m.BatchFormModal));

const batchLink = (b: Batch) => (
  <Link to={`/admin/batches/${b._id}`} className="font-medium text-brand-700 hover:underline">
    {b.name}
  </Link>
);
const statusBadge = (b: Batch) => <Badge tone={b.isActive ? 'green' : 'slate'}>{b.isActive ? 'Active' : 'Inactive'}</Badge>;
const columns: Column<Batch>[] = [
  { header: 'Batch', cell: batchLink, hideInCard: true },
  { header: 'Course', cell: (b) => b.courseName },
  { header: 'Centre', cell: (b) => b.centreName },
  { header: 'Year', cell: (b) => b.academicYear },
  { header: 'Timing', cell: (b) => TIMING_LABELS[b.timing] },
  { header: 'Dates', className: 'whitespace-nowrap', cell: (b) => `${formatDate(b.startsOn)} to ${formatDate(b.endsOn)}` },
  { header: 'Students', cell: (b) => `${b.studentsCount} / ${b.capacity}` },
  { header: 'Status', cell: statusBadge, hideInCard: true },
];

/** /admin/batches: every batch with its student count, filtered by centre, course and year. */
export default function BatchesPage() {
  const [params, setParams] = useSearchParams();
  const filters: BatchFilters = {
    centre: params.get('centre') ?? undefined,
    course: params.get('course') ?? undefined,
    academicYear: params.get('academicYear') ?? undefined,
  };
  const batches = useBatches(filters);
  const all = useBatches({});
  const courses = useCourseOptions();
  const save = useSaveBatch();
  const remove = useDeleteBatch();
  const { canOpen } = usePermissions();
  const [editing, setEditing] = useState<{ batch: Batch | null } | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (b: Batch) => b._id,
    title: 'Delete batch?',
    message: (b) => (
      <p>
        <strong>{b.name}</strong> and its timetable will be removed. A batch with students cannot be deleted: deactivate it instead.
      </p>
    ),
    deleted: BATCH_UI.deleted,
    failed: BATCH_UI.deleteError,
    closeOnError: true,
  });

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const years = [...new Set((all.data ?? []).map((b) => b.academicYear))].sort();

  const onToggle = (b: Batch) =>
    save.mutate(
      { id: b._id, body: { isActive: !b.isActive } },
      {
        onSuccess: () => toast.success(b.isActive ? BATCH_UI.deactivated : BATCH_UI.activated),
        onError: (err) => toast.error(errorMessage(err, BATCH_UI.saveError)),
      },
    );
  return (
    <AdminPage
      title="Batches"
      actions={
        <>
          <Link to="/admin/attendance" className={buttonClass.secondary}>
            Mark attendance
          </Link>
          {canOpen('/admin/students/import') && (
            <Link to="/admin/students/import" className={buttonClass.secondary}>
              Import students
            </Link>
          )}
          <button
            type="button"
            className={buttonClass.primary}
            onPointerEnter={BatchFormModal.preload}
            onFocus={BatchFormModal.preload}
            onClick={() => setEditing({ batch: null })}
          >
            <Plus aria-hidden="true" className="h-5 w-5" /> New Batch
          </button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap gap-3 rounded-xl bg-white p-4 shadow-sm">
        <CentreFilter value={filters.centre ?? ''} onChange={(v) => setFilter('centre', v)} />
        <FilterSelect
          label="Course"
          value={filters.course ?? ''}
          onChange={(v) => setFilter('course', v)}
          options={[{ value: '', label: 'All courses' }, ...(courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))]}
        />
        <FilterSelect
          label="Academic year"
          value={filters.academicYear ?? ''}
          onChange={(v) => setFilter('academicYear', v)}
          options={[{ value: '', label: 'All years' }, ...years.map((y) => ({ value: y, label: y }))]}
        />
      </div>
      <QueryState
        query={batches}
        loadingText="Loading batches..."
        errorText={(e) => errorMessage(e, BATCH_UI.loadError)}
        isEmpty={(list) => list.length === 0}
        empty={BATCH_UI.empty}
        emptyHint="Create a batch for a course at a centre."
      >
        {(list) => (
          <DataTable
            rows={list}
            rowKey={(b) => b._id}
            columns={columns}
            caption="Batches"
            cardTitle={batchLink}
            cardBadge={statusBadge}
            actions={(b, place) => (
              <RowActions
                name={b.name}
                isActive={b.isActive}
                busy={(save.isPending && save.variables?.id === b._id) || deletion.busyId === b._id}
                onEdit={() => setEditing({ batch: b })}
                onToggleActive={() => onToggle(b)}
                onDelete={() => deletion.ask(b)}
                layout={place === 'table' ? 'stack' : undefined}
              />
            )}
          />
        )}
      </QueryState>
      <LazyDialog open={editing !== null}>
        <BatchFormModal open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} batch={editing?.batch ?? null} />
      </LazyDialog>
      {deletion.dialog}
    </AdminPage>
  );
}
