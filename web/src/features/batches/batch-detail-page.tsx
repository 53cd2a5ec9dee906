import { formatClassDate, formatDate } from '@app/common';
import type { ClassSession } from '@app/common/schemas/batches';
import type { StudentListAnswer } from '@app/common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { AdminPage, StatTile } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { buttonClass } from '../../components/field.tsx';
import { formatPercent } from '../../components/score.tsx';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { api, downloadFile, errorMessage } from '../../lib/api-client.ts';
import { attendanceCsvPath, useAttendanceReport, useBatch, useBatchSessions, useDeleteSession } from './api/batches.ts';
import { SessionForm } from './components/session-form.tsx';
import { BATCH_UI, TIMING_LABELS } from './messages.ts';

const section = 'mt-8 text-lg font-semibold text-slate-800';

// The confirmation (the modal's dialog library) loads when a Remove is first hovered, focused or clicked,
// keeping the page's initial JavaScript within scripts/bundle-budget.mjs.
const ConfirmDialog = lazyWithPreload(() => import('../../components/confirm-dialog.tsx').then((m) => m.ConfirmDialog));

/** /admin/batches/:id: the batch, its students, its timetable and its attendance. */
export default function BatchDetailPage() {
  const { id = '' } = useParams();
  const batch = useBatch(id);
  const sessions = useBatchSessions(id);
  const report = useAttendanceReport(id);
  const removeSession = useDeleteSession();
  const [removing, setRemoving] = useState<ClassSession | null>(null);
  const students = useQuery({
    queryKey: ['students', 'batch', id],
    queryFn: ({ signal }) => api<StudentListAnswer>(`/api/users?role=student&batch=${encodeURIComponent(id)}&limit=100`, { signal }),
  });

  if (!batch.data) {
    return (
      <AdminPage title="Batch" back="/admin/batches" backLabel="Back to batches">
        <QueryState query={batch} loadingText="Loading the batch..." errorText={(e) => errorMessage(e, BATCH_UI.loadError)}>
          {() => null}
        </QueryState>
      </AdminPage>
    );
  }
  const b = batch.data;
  const percentages = new Map((report.data?.students ?? []).map((s) => [s._id, s.percentage]));
  return (
    <AdminPage title={b.name} back="/admin/batches" backLabel="Back to batches">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile label="Course" value={<span className="text-base">{b.courseName}</span>} />
        <StatTile label="Centre" value={<span className="text-base">{b.centreName}</span>} />
        <StatTile label="Students" value={`${b.studentsCount} / ${b.capacity}`} />
        <StatTile
          label={`${b.academicYear}, ${TIMING_LABELS[b.timing]}`}
          value={<span className="text-base">{`${formatDate(b.startsOn)} to ${formatDate(b.endsOn)}`}</span>}
        />
      </div>
      {!b.isActive && (
        <p className="mt-3">
          <Badge tone="slate">Inactive</Badge>
        </p>
      )}

      <h2 className={section}>Timetable</h2>
      <div className="mt-3">
        <SessionForm batchId={id} />
      </div>
      <QueryState
        query={sessions}
        compact
        loadingText="Loading classes..."
        errorText={(e) => errorMessage(e, BATCH_UI.sessionsError)}
        isEmpty={(list) => list.length === 0}
        empty="No classes yet"
      >
        {(list) => (
          <ul className="mt-3 divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-label="Classes">
            {list.map((s) => (
              <li key={s._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span>
                  <strong>{formatClassDate(s.date)}</strong> {s.startTime} to {s.endTime}: {s.subject} with {s.teacher}, {s.room}
                  {s.attendanceMarked && (
                    <span className="ml-2">
                      <Badge tone="green">Attendance taken</Badge>
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  className="text-red-700 hover:underline"
                  aria-label={`Remove ${s.subject} on ${formatClassDate(s.date)}`}
                  onPointerEnter={ConfirmDialog.preload}
                  onFocus={ConfirmDialog.preload}
                  onClick={() => setRemoving(s)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-800">Students and attendance</h2>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() =>
            downloadFile(attendanceCsvPath(id), { fallbackName: 'attendance.csv', failure: 'Could not export the attendance.' }).catch(
              (err) => toast.error(errorMessage(err, 'Could not export the attendance.')),
            )
          }
        >
          <Download aria-hidden="true" className="h-4 w-4" /> Export attendance CSV
        </button>
      </div>
      <QueryState
        query={students}
        compact
        loadingText="Loading students..."
        errorText={(e) => errorMessage(e, 'Could not load the students.')}
        isEmpty={(d) => d.users.length === 0}
        empty="No students in this batch yet"
        emptyHint="Approve an admission into it, or move a student from the student list."
      >
        {(d) => (
          <div className="mt-3">
            <DataTable
              rows={d.users}
              rowKey={(u) => u._id}
              caption="Students of the batch"
              cardTitle={(u) => <p className="font-medium">{u.fullName}</p>}
              columns={[
                { header: 'Name', className: 'font-medium', cell: (u) => u.fullName, hideInCard: true },
                { header: 'Registration', cell: (u) => u.registrationNumber ?? '—' },
                { header: 'Email', className: '[overflow-wrap:anywhere]', cell: (u) => u.email },
                { header: 'Attendance', cell: (u) => formatPercent(percentages.get(u._id)) },
              ]}
            />
          </div>
        )}
      </QueryState>
      {report.data && report.data.months.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-slate-800">By month</h3>
          <ul className="mt-2 flex flex-wrap gap-3 text-sm">
            {report.data.months.map((m) => (
              <li key={m.month} className="rounded-lg bg-white px-3 py-2 shadow-sm">
                {m.month}: {formatPercent(m.percentage)} ({m.present} present, {m.absent} absent)
              </li>
            ))}
          </ul>
        </>
      )}
      <LazyDialog open={removing !== null}>
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title="Remove this class?"
          message={
            <p>
              <strong>{removing?.subject}</strong> on {removing ? formatClassDate(removing.date) : ''} will be taken off the timetable, with
              any attendance marked for it.
            </p>
          }
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={removeSession.isPending}
          onConfirm={() =>
            removing &&
            removeSession.mutate(removing._id, {
              onSuccess: () => {
                toast.success(BATCH_UI.sessionDeleted);
                setRemoving(null);
              },
              onError: (err) => {
                toast.error(errorMessage(err, 'Could not remove the class.'));
                setRemoving(null);
              },
            })
          }
        />
      </LazyDialog>
    </AdminPage>
  );
}
