import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { AdminPayment } from '@app/common/schemas/payments';
import { installmentLabel } from '../labels.ts';
import { PaymentRowActions } from './payment-row-actions.tsx';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

type Props = {
  payments: AdminPayment[];
  busyId: string | null;
  onVerify: (p: AdminPayment) => void;
  onRefund: (p: AdminPayment) => void;
};

function Student({ p }: { p: AdminPayment }) {
  if (!p.studentId) return <span className="italic text-slate-500">Deleted student</span>;
  return (
    <>
      <p className="font-semibold text-slate-900">
        {p.studentId.firstName} {p.studentId.lastName}
      </p>
      <p className="[overflow-wrap:anywhere] text-xs text-slate-500">{p.studentId.email}</p>
    </>
  );
}

function Course({ p }: { p: AdminPayment }) {
  return (
    <>
      <p>{p.course}</p>
      <p className="text-xs text-slate-500">
        {p.kind === 'installment' ? `${installmentLabel(p.installmentNumber)} installment` : 'Course fee'} ·{' '}
        {p.paymentMethod === 'offline' ? 'Offline' : 'Online'}
      </p>
    </>
  );
}

const headers = ['Student', 'Course', 'Amount', 'Status', 'Transaction ID', 'Date', 'Actions'];

/** The ledger: a table from tablet width up, cards on phones. */
export function AdminPaymentsTable({ payments, busyId, onVerify, onRefund }: Props) {
  const actions = (p: AdminPayment) => <PaymentRowActions payment={p} busy={busyId === p._id} onVerify={onVerify} onRefund={onRefund} />;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Payments</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className="px-4 py-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {payments.map((p) => (
              <tr key={p._id}>
                <td className="px-4 py-3 align-top">
                  <Student p={p} />
                </td>
                <td className="px-4 py-3 align-top">
                  <Course p={p} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 align-top font-medium text-slate-900">{formatINR(p.amount)}</td>
                <td className="px-4 py-3 align-top">
                  <PaymentStatusBadge status={p.status} />
                </td>
                <td className="max-w-44 [overflow-wrap:anywhere] px-4 py-3 align-top font-mono text-xs">{p.transactionId ?? '—'}</td>
                <td className="whitespace-nowrap px-4 py-3 align-top">{formatDate(p.paidAt ?? p.createdAt)}</td>
                <td className="px-4 py-3 align-top">{actions(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="Payments">
        {payments.map((p) => (
          <li key={p._id} className="rounded-xl bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Student p={p} />
              </div>
              <PaymentStatusBadge status={p.status} />
            </div>
            <div className="mt-2 text-sm">
              <Course p={p} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Amount</dt>
                <dd className="font-semibold">{formatINR(p.amount)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Date</dt>
                <dd>{formatDate(p.paidAt ?? p.createdAt)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">Transaction ID</dt>
                <dd className="[overflow-wrap:anywhere] font-mono text-xs">{p.transactionId ?? '—'}</dd>
              </div>
            </dl>
            <div className="mt-3">{actions(p)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
