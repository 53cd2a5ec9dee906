import { formatClassDate, formatDate } from '@app/common';
import type { StudentListAnswer } from '@app/common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { AdminPage, StatTile } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { buttonClass } from '../../components/field.tsx';
import { formatPercent } from '../../components/score.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { api, downloadFile, errorMessage } from '../../lib/api-client.ts';
import { attendanceCsvPath, useAttendanceReport, useBatch, useBatchSessions, useDeleteSession } from './api/batches.ts';
import { SessionForm } from './components/session-form.tsx';
import { BATCH_UI, TIMING_LABELS } from './messages.ts';

const section = 'mt-8 text-lg font-semibold text-slate-800';

/** /admin/batches/:id: the batch, its students, its timetable and its attendance. */
export default function BatchDetailPage() {
  const { id = '' } = useParams();
  const batch = useBatch(id);
  const sessions = useBatchSessions(id);
  const report = useAttendanceReport(id);
  const removeSession = useDeleteSession();
  const students = useQuery({
    queryKey: ['students', 'batch', id],
    queryFn: ({ signal }) => api<StudentListAnswer>(`/api/users?role=student&batch=${encodeURIComponent(id)}&limit=100`, { signal }),
  });

  if (batch.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (batch.isError) {
    return (
      <AdminPage title="Batch" back="/admin/batches" backLabel="Back to batches">
        <ErrorState message={errorMessage(batch.error, BATCH_UI.loadError)} onRetry={() => batch.refetch()} />
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
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <ErrorState message={errorMessage(sessions.error, BATCH_UI.sessionsError)} onRetry={() => sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState title="No classes yet" />
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-label="Classes">
          {sessions.data.map((s) => (
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
                aria-label={`Remove ${s.subject} on ${s.date}`}
                onClick={() =>
                  removeSession.mutate(s._id, {
                    onSuccess: () => toast.success(BATCH_UI.sessionDeleted),
                    onError: (err) => toast.error(errorMessage(err, 'Could not remove the class.')),
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}

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
      {students.isPending ? (
        <Spinner />
      ) : students.isError ? (
        <ErrorState message={errorMessage(students.error, 'Could not load the students.')} onRetry={() => students.refetch()} />
      ) : students.data.users.length === 0 ? (
        <EmptyState title="No students in this batch yet" hint="Approve an admission into it, or move a student from the student list." />
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl bg-white shadow-sm">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Registration
                </th>
                <th scope="col" className="px-4 py-3">
                  Email
                </th>
                <th scope="col" className="px-4 py-3">
                  Attendance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {students.data.users.map((u) => (
                <tr key={u._id}>
                  <td className="px-4 py-3 font-medium">{u.fullName}</td>
                  <td className="px-4 py-3">{u.registrationNumber}</td>
                  <td className="px-4 py-3">{u.email}</td>
                  <td className="px-4 py-3">{formatPercent(percentages.get(u._id))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
    </AdminPage>
  );
}
