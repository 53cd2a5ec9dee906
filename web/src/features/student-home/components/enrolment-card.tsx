import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useStudentAdmission } from '../../../api/student-admission.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useAuth } from '../../../lib/auth.tsx';

const statusTone = { APPROVED: 'bg-green-100 text-green-800', PENDING: 'bg-amber-100 text-amber-900', REJECTED: 'bg-red-100 text-red-800' };

/** Enrolment: the admission record in brief, with the link to its page. */
export function EnrolmentCard() {
  const admission = useStudentAdmission();
  // The batch the student is in (its name), not the admission's academic year.
  const { user } = useAuth();
  const notFound = admission.error instanceof ApiError && admission.error.status === 404;
  return (
    <section aria-label="Enrolment" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold text-brand-800">
        <GraduationCap aria-hidden="true" className="h-5 w-5" /> Enrolment
      </h2>
      {notFound ? (
        <p className="text-slate-600">No admission record yet.</p>
      ) : (
        <QueryState
          query={admission}
          compact
          loadingText="Loading enrolment..."
          errorText={(e) => errorMessage(e, 'Failed to load enrolment')}
        >
          {(data) => (
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-2">
                <dt className="text-slate-500">Course</dt>
                <dd className="text-right font-medium">{data.course.name}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-slate-500">Centre</dt>
                <dd className="text-right font-medium">{data.centre?.name ?? '—'}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-slate-500">Batch</dt>
                <dd className="text-right font-medium" data-testid="enrolment-batch">
                  {user?.batch?.name ?? 'Not assigned yet'}
                </dd>
              </div>
              <div className="flex items-center justify-between gap-2">
                <dt className="text-slate-500">Status</dt>
                <dd>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[data.status]}`}>{data.status}</span>
                </dd>
              </div>
            </dl>
          )}
        </QueryState>
      )}
      <Link to="/student/admission" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
        View admission details
      </Link>
    </section>
  );
}
