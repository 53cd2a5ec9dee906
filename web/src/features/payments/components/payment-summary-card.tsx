import { formatINR } from '@app/common/rules/money';
import type { PaymentSummary } from '@app/common/schemas/payments';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/field.tsx';
import { usePaymentSummary } from '../api/student-summary.ts';
import { InstallmentSchedule } from './installment-schedule.tsx';
import { QueryState } from '../../../components/query-state.tsx';

// docs/product.md section 3 "Payment summary": completed, partial, anything else shown as unpaid.
const overall = (s: PaymentSummary['paymentStatus']) =>
  s === 'completed' ? (
    <Badge tone="green">Completed</Badge>
  ) : s === 'partial' ? (
    <Badge tone="amber">Partial</Badge>
  ) : (
    <Badge tone="red">Unpaid</Badge>
  );

/** Paid is money actually received (net of refunds); a coupon's discount is its own figure. */
function Figures({ s }: { s: PaymentSummary }) {
  const discount = s.discountAmount > 0;
  return (
    <dl className={`grid gap-2 text-center ${discount ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
      <div className="rounded-lg bg-slate-50 p-2">
        <dt className="text-xs text-slate-500">Total fees</dt>
        <dd className="text-sm font-bold text-slate-900">{formatINR(s.totalFees)}</dd>
      </div>
      <div className="rounded-lg bg-green-50 p-2">
        <dt className="text-xs text-slate-500">Paid</dt>
        <dd className="text-sm font-bold text-green-800">{formatINR(s.paidAmount)}</dd>
      </div>
      {discount && (
        <div className="rounded-lg bg-blue-50 p-2">
          <dt className="text-xs text-slate-500">Discount</dt>
          <dd className="text-sm font-bold text-blue-800">{formatINR(s.discountAmount)}</dd>
        </div>
      )}
      <div className="rounded-lg bg-amber-50 p-2">
        <dt className="text-xs text-slate-500">Pending</dt>
        <dd className="text-sm font-bold text-amber-800">{formatINR(s.pendingAmount)}</dd>
      </div>
    </dl>
  );
}

/**
 * "Fees and payments" on the student dashboard (GET /api/payments/student): total, paid, pending,
 * status and the installment schedule, with Pay Installment while anything is due.
 */
export function PaymentSummaryCard() {
  const summary = usePaymentSummary();
  const noAdmission = summary.error instanceof ApiError && summary.error.status === 404;
  return (
    <section aria-labelledby="fees-title" className="min-w-0 rounded-xl bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="fees-title" className="flex items-center gap-2 text-lg font-semibold text-brand-800">
          <CreditCard aria-hidden="true" className="h-5 w-5" /> Fees and payments
        </h2>
        {summary.data && overall(summary.data.paymentStatus)}
      </div>
      <QueryState
        query={summary}
        compact
        loadingText="Loading fees..."
        errorText={(e) => errorMessage(e, 'Failed to load fees')}
        errorView={() =>
          noAdmission ? <p className="text-sm text-slate-600">Your fees appear here once your admission is approved.</p> : null
        }
      >
        {(s) => (
          <>
            <p className="mb-3 text-sm text-slate-600">{s.course.name}</p>
            <Figures s={s} />
            <InstallmentSchedule installments={s.installments} />
          </>
        )}
      </QueryState>
      <div className="mt-4 flex flex-wrap gap-2">
        {summary.data && summary.data.pendingAmount > 0 && (
          <Link to="/payment/admission" className={buttonClass.primary}>
            Pay Installment
          </Link>
        )}
        <Link to="/student/payment" className={buttonClass.secondary}>
          Fee payment and history
        </Link>
      </div>
    </section>
  );
}
