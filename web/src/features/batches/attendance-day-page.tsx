import { todayInIndia } from '@app/common';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { Field } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDaySessions } from './api/batches.ts';
import { BATCH_UI } from './messages.ts';

/** /admin/attendance: the day's classes (today by default), each opening its roster. */
export default function AttendanceDayPage() {
  const [date, setDate] = useState(todayInIndia());
  const sessions = useDaySessions(date);
  return (
    <AdminPage title="Attendance" back="/admin/batches" backLabel="Back to batches">
      <div className="max-w-xs">
        <Field label="Date" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
      </div>
      <div className="mt-4">
        {sessions.isPending ? (
          <Spinner />
        ) : sessions.isError ? (
          <ErrorState message={errorMessage(sessions.error, BATCH_UI.sessionsError)} onRetry={() => sessions.refetch()} />
        ) : sessions.data.length === 0 ? (
          <EmptyState title="No classes on this day" />
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Classes">
            {sessions.data.map((s) => (
              <li key={s._id}>
                <Link
                  to={`/admin/attendance/${s._id}`}
                  className="flex items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm hover:shadow-md"
                >
                  <span>
                    <span className="block font-semibold text-slate-900">
                      {s.startTime} to {s.endTime}: {s.subject}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {s.batch.name}, {s.room}, {s.teacher}
                    </span>
                  </span>
                  {s.attendanceMarked && <CheckCircle2 aria-label="Attendance taken" className="h-6 w-6 shrink-0 text-green-700" />}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}
