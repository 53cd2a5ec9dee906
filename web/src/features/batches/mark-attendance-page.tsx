import { formatClassDate } from '@app/common';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { EmptyState } from '../../components/states.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMarkAttendance, useSessionAttendance } from './api/batches.ts';
import { BATCH_UI } from './messages.ts';

/**
 * /admin/attendance/:id, made for a phone: everyone starts present, a tap marks a student absent (a
 * second tap undoes it), one Save records the class.
 */
export default function MarkAttendancePage() {
  const { id = '' } = useParams();
  const roster = useSessionAttendance(id);
  const mark = useMarkAttendance(id);
  const [absent, setAbsent] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (roster.data) setAbsent(new Set(roster.data.students.filter((s) => !s.isPresent).map((s) => s._id)));
  }, [roster.data]);

  if (!roster.data) {
    return (
      <AdminPage title="Attendance" back="/admin/attendance" backLabel="Back to the day's classes">
        <QueryState query={roster} loadingText="Loading the class..." errorText={(e) => errorMessage(e, BATCH_UI.sessionsError)}>
          {() => null}
        </QueryState>
      </AdminPage>
    );
  }
  const { session, students } = roster.data;
  const toggle = (studentId: string) =>
    setAbsent((prev) => {
      const next = new Set(prev);
      if (next.has(studentId)) next.delete(studentId);
      else next.add(studentId);
      return next;
    });
  const onSave = () =>
    mark.mutate([...absent], {
      onSuccess: () => toast.success(BATCH_UI.attendanceSaved),
      onError: (err) => toast.error(errorMessage(err, BATCH_UI.attendanceError)),
    });
  return (
    <AdminPage title={`${session.subject}, ${session.batch.name}`} back="/admin/attendance" backLabel="Back to the day's classes">
      <p className="text-sm text-slate-700">
        {formatClassDate(session.date)}, {session.startTime} to {session.endTime}, {session.room}.{' '}
        {session.attendanceMarked ? 'Attendance was taken; saving again replaces it.' : 'Everyone is present until you tap them.'}
      </p>
      <p className="mt-2 font-semibold text-slate-900" aria-live="polite">
        {students.length - absent.size} present, {absent.size} absent
      </p>
      {students.length === 0 ? (
        <EmptyState title="No students in this batch" />
      ) : (
        <ul className="mt-3 grid gap-2 pb-24 sm:grid-cols-2" aria-label="Students">
          {students.map((s) => {
            const isAbsent = absent.has(s._id);
            return (
              <li key={s._id}>
                <button
                  type="button"
                  aria-pressed={isAbsent}
                  onClick={() => toggle(s._id)}
                  className={`flex w-full items-center justify-between rounded-xl border-2 px-4 py-3 text-left ${
                    isAbsent ? 'border-red-600 bg-red-50 text-red-900' : 'border-green-600 bg-green-50 text-green-900'
                  }`}
                >
                  <span>
                    <span className="block font-semibold">{s.fullName}</span>
                    <span className="block text-xs">{s.registrationNumber}</span>
                  </span>
                  <span className="text-sm font-bold">{isAbsent ? 'Absent' : 'Present'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="fixed inset-x-0 bottom-0 border-t bg-white p-3 shadow-lg">
        <div className="mx-auto max-w-7xl">
          <button type="button" className={`${buttonClass.primary} w-full py-3 text-lg`} onClick={onSave} disabled={mark.isPending}>
            {mark.isPending ? 'Saving...' : 'Save attendance'}
          </button>
        </div>
      </div>
    </AdminPage>
  );
}
