import { DEFAULT_BATCH, DEFAULT_CENTRE_LABEL } from '@app/common/constants';
import { formatINR } from '@app/common/rules/money';
import type { StudentAdmission } from '@app/common/schemas/admissions';
import { PAYMENT_MSG, type PaymentSummary } from '@app/common/schemas/payments';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/states.tsx';
import { useStudentAdmission } from '../../api/student-admission.ts';
import { usePaymentSummary } from './api/student-summary.ts';
import { InstallmentForm } from './components/installment-form.tsx';
import { InstallmentSchedule } from './components/installment-schedule.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

const card = 'rounded-xl bg-white p-5 shadow-sm';

/** /payment/admission: docs/product.md section 2 "Course Payment" (an installment of the admission's fees). */
export default function CoursePaymentPage() {
  usePageTitle('Course Payment');
  const admission = useStudentAdmission();
  const summary = usePaymentSummary();
  const notFound = [admission.error, summary.error].some((e) => e instanceof ApiError && e.status === 404);

  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-800">Course Payment</h1>
      <p className="mt-1 text-slate-600">Pay your course fees in installments through the payment gateway.</p>
      <div className="mt-6">
        <QueryState
          query={{
            isPending: admission.isPending || summary.isPending,
            isError: admission.isError || summary.isError,
            error: admission.error ?? summary.error,
            data: admission.data && summary.data ? { a: admission.data, s: summary.data } : undefined,
            refetch: () => {
              if (admission.isError) void admission.refetch();
              if (summary.isError) void summary.refetch();
            },
          }}
          loadingText="Loading admission details..."
          errorText={PAYMENT_MSG.admissionLoadFailed}
          errorView={() =>
            notFound ? (
              <EmptyState title={PAYMENT_MSG.noAdmission} hint="Once your admission is approved, its fees can be paid here.">
                <Link to="/student/dashboard" className={`${buttonClass.secondary} mt-2`}>
                  Back to dashboard
                </Link>
              </EmptyState>
            ) : null
          }
        >
          {({ a, s }) => <Payable a={a} s={s} />}
        </QueryState>
      </div>
    </section>
  );
}

/** The admission, the student and the payment form; every figure is the server's fee decision
 * (GET /api/payments/student): nothing is priced here. */
function Payable({ a, s }: { a: StudentAdmission; s: PaymentSummary }) {
  const { user } = useAuth();
  const due = s.pendingAmount;
  const next = s.nextDue;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="grid content-start gap-6">
        <section aria-labelledby="admission-title" className={card}>
          <h2 id="admission-title" className="mb-2 text-lg font-semibold text-brand-800">
            Admission Details
          </h2>
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label="Course">{a.course.name}</Row>
            <Row label="Batch year">{a.batchYear ?? DEFAULT_BATCH}</Row>
            <Row label="Centre">{a.centre?.name ?? DEFAULT_CENTRE_LABEL}</Row>
            <Row label="Total fees">{formatINR(s.totalFees)}</Row>
            <Row label="Paid so far">{formatINR(s.paidAmount)}</Row>
            {s.discountAmount > 0 && <Row label="Discount">{formatINR(s.discountAmount)}</Row>}
            <Row label="Still due">{formatINR(due)}</Row>
          </dl>
          <InstallmentSchedule installments={s.installments} />
        </section>
        <section aria-labelledby="student-title" className={card}>
          <h2 id="student-title" className="mb-2 text-lg font-semibold text-brand-800">
            Student Details
          </h2>
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label="Name">{user?.fullName || user?.email}</Row>
            <Row label="Email">
              <span className="[overflow-wrap:anywhere]">{user?.email}</span>
            </Row>
            <Row label="Phone">{user?.phone || 'Not provided'}</Row>
          </dl>
        </section>
      </div>
      <section aria-labelledby="pay-title" className={card}>
        <h2 id="pay-title" className="mb-4 text-lg font-semibold text-brand-800">
          Make a Payment
        </h2>
        {due <= 0 ? (
          <p className="rounded-md bg-green-50 p-4 text-green-800">{PAYMENT_MSG.nothingDue}</p>
        ) : (
          <InstallmentForm
            admissionId={a.admissionId}
            due={due}
            defaultInstallment={next?.installmentNumber ?? 1}
            defaultAmount={next && next.amount > 0 ? next.amount : null}
            installmentCount={s.installments.length}
          />
        )}
      </section>
    </div>
  );
}
