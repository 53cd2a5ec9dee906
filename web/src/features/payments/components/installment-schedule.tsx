import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { Installment } from '@app/common/schemas/payments';
import { Badge } from '../../../components/badge.tsx';
import { installmentLabel } from '../labels.ts';

const installmentBadge: Record<Installment['status'], { tone: 'green' | 'amber' | 'red'; label: string }> = {
  paid: { tone: 'green', label: 'Paid' },
  pending: { tone: 'amber', label: 'Pending' },
  overdue: { tone: 'red', label: 'Overdue' },
};

/**
 * The student's installment schedule as the server decides it (GET /api/payments/student, the fee plan
 * they were admitted with: docs/product.md section 11): each installment's amount, due date (an IST
 * calendar day, shown en-IN), what is paid of it and what is still due, and paid / pending / overdue.
 */
export function InstallmentSchedule({ installments }: { installments: Installment[] }) {
  const count = installments.length;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="mt-4 overflow-x-auto" aria-label="Fee schedule" tabIndex={0}>
      <table className="min-w-full text-sm">
        <caption className="mb-1 text-left text-sm font-semibold text-slate-700">
          Installment schedule{count === 1 ? ': the whole fee in one installment' : ` (${count} installments)`}
        </caption>
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
              <td className="py-1.5 pr-2">{installmentLabel(i.installmentNumber, count)}</td>
              <td className="whitespace-nowrap py-1.5 pr-2">{formatINR(i.amount)}</td>
              <td className={`whitespace-nowrap py-1.5 pr-2 ${i.status === 'overdue' ? 'font-semibold text-red-800' : ''}`}>
                {formatDate(i.dueDate)}
              </td>
              <td className="py-1.5 pr-2">
                <Badge tone={installmentBadge[i.status].tone}>{installmentBadge[i.status].label}</Badge>
                {/* Part of it paid: what is still due of it. */}
                {i.paid > 0 && i.outstanding > 0 && (
                  <span className="block whitespace-nowrap text-xs text-slate-600">
                    {formatINR(i.paid)} paid, {formatINR(i.outstanding)} due
                  </span>
                )}
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
