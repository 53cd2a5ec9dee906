import { formatClassDate, todayInIndia } from '@app/common';
import { CalendarDays, CalendarPlus, UserCheck } from 'lucide-react';
import { formatPercent } from '../../../components/score.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCalendarUrl, useMyAttendance, useMyWeek } from '../api/batches.ts';
import { QueryState } from '../../../components/query-state.tsx';

const card = 'rounded-xl bg-white p-5 shadow-sm';
const title = 'mb-4 flex items-center gap-2 text-lg font-semibold text-brand-800';

/** The student's batch and this week's classes, with the "Add to calendar" feed. */
export function MyClassesCard() {
  const week = useMyWeek();
  const calendar = useCalendarUrl();
  const today = todayInIndia();
  return (
    <section aria-label="My classes" className={card}>
      <h2 className={title}>
        <CalendarDays aria-hidden="true" className="h-5 w-5" /> My classes this week
      </h2>
      <QueryState
        query={week}
        compact
        loadingText="Loading classes..."
        errorText={(e) => errorMessage(e, 'Failed to load your classes')}
        isEmpty={(d) => !d.batch}
        empty={<p className="text-slate-600">You are not in a batch yet. The institute places you in one after your admission.</p>}
      >
        {(d) => (
          <>
            <p className="text-sm text-slate-700">
              Batch: <strong data-testid="my-batch">{d.batch?.name}</strong>
            </p>
            {d.sessions.length === 0 ? (
              <p className="mt-3 text-slate-600">No classes this week.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100" aria-label="Classes this week">
                {d.sessions.map((s) => (
                  <li key={s._id} className={`py-2 text-sm ${s.date === today ? 'font-semibold' : ''}`}>
                    <span className="inline-block w-28 text-slate-600">{s.date === today ? 'Today' : formatClassDate(s.date)}</span>
                    {s.startTime} to {s.endTime}: {s.subject} ({s.teacher}, {s.room})
                  </li>
                ))}
              </ul>
            )}
            {calendar.data && (
              <a
                href={calendar.data.url}
                className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
                title="Subscribe to this address in Google Calendar, Outlook or your phone's calendar"
              >
                <CalendarPlus aria-hidden="true" className="h-4 w-4" /> Add to calendar
              </a>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The student's own attendance: percentage and the latest classes. */
export function MyAttendanceCard() {
  const mine = useMyAttendance();
  return (
    <section aria-label="My attendance" className={card}>
      <h2 className={title}>
        <UserCheck aria-hidden="true" className="h-5 w-5" /> My attendance
      </h2>
      <QueryState
        query={mine}
        compact
        loadingText="Loading attendance..."
        errorText={(e) => errorMessage(e, 'Failed to load your attendance')}
        isEmpty={(m) => m.total === 0}
        empty={<p className="text-slate-600">No attendance recorded yet.</p>}
      >
        {(m) => (
          <>
            <p className="text-3xl font-bold text-slate-900" data-testid="attendance-percentage">
              {formatPercent(m.percentage)}
            </p>
            <p className="text-sm text-slate-600">
              Present in {m.present} of {m.total} classes
            </p>
            <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Recent classes">
              {m.records
                .slice(-5)
                .reverse()
                .map((r) => (
                  <li key={r.session._id} className="flex justify-between py-1.5">
                    <span>
                      {formatClassDate(r.session.date)}, {r.session.subject}
                    </span>
                    <span className={r.isPresent ? 'text-green-700' : 'font-semibold text-red-700'}>
                      {r.isPresent ? 'Present' : 'Absent'}
                    </span>
                  </li>
                ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}
