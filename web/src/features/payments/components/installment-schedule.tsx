import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { Installment } from '@app/common/schemas/payments';
import { Badge } from '../../../components/badge.tsx';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { installmentLabel } from '../labels.ts';

const installmentBadge: Record<Installment['status'], { tone: 'green' | 'amber' | 'red'; label: string }> = {
  paid: { tone: 'green', label: 'Paid' },
  pending: { tone: 'amber', label: 'Pending' },
  overdue: { tone: 'red', label: 'Overdue' },
};

const statusOf = (i: Installment) => (
  <>
    <Badge tone={installmentBadge[i.status].tone}>{installmentBadge[i.status].label}</Badge>
    {/* Part of it paid: what is still due of it. */}
    {i.paid > 0 && i.outstanding > 0 && (
      <span className="block whitespace-nowrap text-xs text-slate-600">
        {formatINR(i.paid)} paid, {formatINR(i.outstanding)} due
      </span>
    )}
  </>
);

const columnsFor = (count: number): Column<Installment>[] => [
  { header: 'No.', rowHeader: true, hideInCard: true, cell: (i) => installmentLabel(i.installmentNumber, count) },
  { header: 'Amount', className: 'whitespace-nowrap', cell: (i) => formatINR(i.amount) },
  {
    header: 'Due date',
    className: 'whitespace-nowrap',
    cell: (i) => <span className={i.status === 'overdue' ? 'font-semibold text-red-800' : ''}>{formatDate(i.dueDate)}</span>,
  },
  { header: 'Status', hideInCard: true, cell: statusOf },
  { header: 'Paid on', className: 'whitespace-nowrap', cell: (i) => (i.paidDate ? formatDate(i.paidDate) : '—') },
];

/**
 * The student's installment schedule as the server decides it (GET /api/payments/student, the fee plan
 * they were admitted with: docs/product.md section 11): each installment's amount, due date (an IST
 * calendar day, shown en-IN), what is paid of it and what is still due, and paid / pending / overdue.
 * A table from tablet width, a card per installment on a phone (the shared DataTable).
 */
export function InstallmentSchedule({ installments }: { installments: Installment[] }) {
  const count = installments.length;
  const title = `Installment schedule${count === 1 ? ': the whole fee in one installment' : ` (${count} installments)`}`;
  return (
    <section className="mt-4" aria-label="Fee schedule">
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{title}</h3>
      <DataTable
        rows={installments}
        rowKey={(i) => String(i.installmentNumber)}
        columns={columnsFor(count)}
        caption={title}
        cardTitle={(i) => <p className="font-semibold text-slate-900">{installmentLabel(i.installmentNumber, count)}</p>}
        cardBadge={statusOf}
      />
    </section>
  );
}
