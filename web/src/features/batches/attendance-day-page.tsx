import { todayInIndia } from '@app/common';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { Field } from '../../components/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDaySessions } from './api/batches.ts';
import { BATCH_UI } from './messages.ts';
import { QueryState } from '../../components/query-state.tsx';

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
        <QueryState
          query={sessions}
          loadingText="Loading classes..."
          errorText={(e) => errorMessage(e, BATCH_UI.sessionsError)}
          isEmpty={(list) => list.length === 0}
          empty="No classes on this day"
        >
          {(list) => (
            <ul className="flex flex-col gap-3" aria-label="Classes">
              {list.map((s) => (
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
        </QueryState>
      </div>
    </AdminPage>
  );
}
