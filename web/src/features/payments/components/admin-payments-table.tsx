import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { AdminPayment } from '@app/common/schemas/payments-admin';
import { type Column, DataTable } from '../../../components/data-table.tsx';
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

const columns: Column<AdminPayment>[] = [
  { header: 'Student', cell: (p) => <Student p={p} />, hideInCard: true },
  { header: 'Course', cell: (p) => <Course p={p} /> },
  { header: 'Amount', className: 'whitespace-nowrap font-medium text-slate-900', cell: (p) => formatINR(p.amount) },
  { header: 'Status', cell: (p) => <PaymentStatusBadge status={p.status} />, hideInCard: true },
  { header: 'Transaction ID', className: 'max-w-44 [overflow-wrap:anywhere] font-mono text-xs', cell: (p) => p.transactionId ?? '—' },
  { header: 'Date', className: 'whitespace-nowrap', cell: (p) => formatDate(p.paidAt ?? p.createdAt) },
];

/** The ledger: a table from tablet width up, cards on phones. */
export function AdminPaymentsTable({ payments, busyId, onVerify, onRefund }: Props) {
  return (
    <DataTable
      rows={payments}
      rowKey={(p) => p._id}
      columns={columns}
      caption="Payments"
      cardTitle={(p) => <Student p={p} />}
      cardBadge={(p) => <PaymentStatusBadge status={p.status} />}
      actions={(p) => <PaymentRowActions payment={p} busy={busyId === p._id} onVerify={onVerify} onRefund={onRefund} />}
    />
  );
}
