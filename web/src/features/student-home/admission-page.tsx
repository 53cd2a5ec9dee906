import { BATCH_PREFERENCES, FEE_TYPE_LABELS } from '@app/common/constants';
import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { StudentAdmission } from '@app/common/schemas/admissions';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { EmptyState } from '../../components/states.tsx';
import { useStudentAdmission } from '../../api/student-admission.ts';
import { QueryState } from '../../components/query-state.tsx';

const statusTone = { APPROVED: 'bg-green-100 text-green-800', PENDING: 'bg-amber-100 text-amber-900', REJECTED: 'bg-red-100 text-red-800' };

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Record({ a }: { a: StudentAdmission }) {
  return (
    <div className="rounded-xl bg-white p-6 shadow-md">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500">Admission ID</p>
          <p className="font-mono text-lg font-semibold text-brand-800">{a.admissionId}</p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusTone[a.status]}`}>{a.status}</span>
      </div>
      <dl className="mt-6 grid gap-5 sm:grid-cols-2">
        <Item label="Course">{a.course.name}</Item>
        <Item label="Course fees">
          {a.course.fees === null ? 'Not available' : formatINR(a.course.fees)}
          {a.course.feeType && <span className="ml-1 text-sm font-normal text-slate-600">({FEE_TYPE_LABELS[a.course.feeType]})</span>}
        </Item>
        {a.course.duration && <Item label="Duration">{a.course.duration}</Item>}
        <Item label="Batch preference">{a.batchPreference ? BATCH_PREFERENCES[a.batchPreference] : 'Not specified'}</Item>
        <Item label="Batch year">{a.batchYear ?? '—'}</Item>
        <Item label="Centre">{a.centre ? `${a.centre.name}, ${a.centre.location}` : '—'}</Item>
        <Item label="Admission date">{formatDate(a.admissionDate)}</Item>
      </dl>
      {a.centre && (
        <p className="mt-5 text-sm text-slate-600">
          Centre address: {a.centre.address} · Phone {a.centre.phone}
        </p>
      )}
      {a.status === 'APPROVED' && (
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/payment/admission" className={buttonClass.primary}>
            Pay course fees
          </Link>
          <Link to="/student/dashboard" className={buttonClass.secondary}>
            Back to dashboard
          </Link>
        </div>
      )}
    </div>
  );
}

/** /student/admission: the student's admission record (docs/product.md sections 2 and 3). */
export default function StudentAdmissionPage() {
  usePageTitle('My Admission');
  const query = useStudentAdmission();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-800">My Admission</h1>
      <div className="mt-6">
        <QueryState
          query={query}
          loadingText="Loading your admission..."
          errorText={(e) => errorMessage(e, 'Failed to load admission details')}
          errorView={(e) =>
            e instanceof ApiError && e.status === 404 ? (
              <EmptyState
                title="No admission record found"
                hint="Your admission details appear here once your admission request is approved."
              >
                <Link to="/student/dashboard" className="font-medium text-brand-700 hover:underline">
                  Back to dashboard
                </Link>
              </EmptyState>
            ) : null
          }
        >
          {(a) => <Record a={a} />}
        </QueryState>
      </div>
    </section>
  );
}
