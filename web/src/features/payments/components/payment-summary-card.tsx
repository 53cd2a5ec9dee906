import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { Installment, PaymentSummary } from '@app/common/schemas/payments';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/field.tsx';
import { usePaymentSummary } from '../api/student-summary.ts';
import { installmentLabel } from '../labels.ts';
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

const installmentBadge: Record<Installment['status'], { tone: 'green' | 'amber' | 'red'; label: string }> = {
  paid: { tone: 'green', label: 'Paid' },
  pending: { tone: 'amber', label: 'Pending' },
  overdue: { tone: 'red', label: 'Overdue' },
};

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

function Schedule({ installments }: { installments: Installment[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="mt-4 overflow-x-auto" aria-label="Installments" tabIndex={0}>
      <table className="min-w-full text-sm">
        <caption className="mb-1 text-left text-sm font-semibold text-slate-700">Installment schedule</caption>
        <thead className="whitespace-nowrap text-left text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              No.
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Amount
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Due date
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Status
            </th>
            <th scope="col" className="hidden py-1 font-medium sm:table-cell">
              Paid on
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {installments.map((i) => (
            <tr key={i.installmentNumber}>
              <td className="py-1.5 pr-2">{installmentLabel(i.installmentNumber)}</td>
              <td className="whitespace-nowrap py-1.5 pr-2">{formatINR(i.amount)}</td>
              <td className="whitespace-nowrap py-1.5 pr-2">{formatDate(i.dueDate)}</td>
              <td className="py-1.5 pr-2">
                <Badge tone={installmentBadge[i.status].tone}>{installmentBadge[i.status].label}</Badge>
                {/* On a phone the paid date goes under the status: five columns do not fit 375 px. */}
                {i.paidDate && <span className="block whitespace-nowrap text-xs text-slate-500 sm:hidden">{formatDate(i.paidDate)}</span>}
              </td>
              <td className="hidden whitespace-nowrap py-1.5 sm:table-cell">{i.paidDate ? formatDate(i.paidDate) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
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
            <Schedule installments={s.installments} />
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
