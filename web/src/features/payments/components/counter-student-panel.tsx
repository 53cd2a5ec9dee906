import { formatDateTime, formatDay } from '@app/common/rules/dates';
import { installmentLabel } from '@app/common/rules/fee-plans';
import { formatINR } from '@app/common/rules/money';
import { COUNTER_MSG, type CounterStudent, describePendingOrder } from '@app/common/schemas/collections';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

type Props = {
  query: UseQueryResult<CounterStudent>;
  /** The form's confirmPendingOnline checkbox (react-hook-form's register). */
  confirm: InputHTMLAttributes<HTMLInputElement>;
  onUseAmount: (amount: number) => void;
};

/**
 * What the counter form shows once a student is chosen (docs/product.md, "Counter payments and
 * collections"): what they owe and the next installment, from the server's fee figures, and their online
 * payments still pending, which the clerk must confirm cancelling before taking the same money again.
 */
export function CounterStudentPanel({ query, confirm, onUseAmount }: Props) {
  return (
    <QueryState
      query={query}
      compact
      loadingText="Loading what the student owes..."
      errorText={(e) => errorMessage(e, 'Could not load the fees.')}
    >
      {(s) => <Figures s={s} confirm={confirm} onUseAmount={onUseAmount} />}
    </QueryState>
  );
}

function Figures({ s, confirm, onUseAmount }: { s: CounterStudent; confirm: Props['confirm']; onUseAmount: Props['onUseAmount'] }) {
  const next = s.nextDue;
  return (
    <section aria-label="What the student owes" className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Course</dt>
          <dd className="font-medium text-slate-900">{s.course}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Owes</dt>
          <dd className="font-semibold text-slate-900">
            {formatINR(s.owed)} <span className="font-normal text-slate-600">of {formatINR(s.totalFees)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Next installment</dt>
          <dd className="text-slate-900">
            {next ? (
              <span className="flex flex-wrap items-center gap-2">
                <span>
                  {installmentLabel(next.installmentNumber, next.installmentCount)}: <strong>{formatINR(next.amount)}</strong> due{' '}
                  {formatDay(next.dueDate)}
                </span>
                {next.status === 'overdue' && <Badge tone="red">Overdue</Badge>}
              </span>
            ) : (
              'Nothing due'
            )}
          </dd>
        </div>
      </dl>
      {next && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={() => onUseAmount(next.amount)}>
            Take the next installment ({formatINR(next.amount)})
          </button>
          {s.owed !== next.amount && (
            <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={() => onUseAmount(s.owed)}>
              Take all that is owed ({formatINR(s.owed)})
            </button>
          )}
        </div>
      )}
      {s.pendingOnline.length > 0 && (
        <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <p className="flex items-start gap-2 font-semibold">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {s.pendingOnline.length === 1 ? 'An online payment is still pending' : 'Online payments are still pending'}
          </p>
          <ul className="list-disc pl-6">
            {s.pendingOnline.map((o) => (
              <li key={o._id} className="[overflow-wrap:anywhere]">
                {describePendingOrder({
                  amount: formatINR(o.amount),
                  course: o.course,
                  orderId: o.orderId,
                  started: formatDateTime(o.createdAt),
                })}
              </li>
            ))}
          </ul>
          <p>Ask the student whether they paid online. If they did, do not take the money again: the payment will complete on its own.</p>
          <label className="flex items-start gap-2">
            <input type="checkbox" className="mt-0.5 h-4 w-4" {...confirm} />
            <span>{COUNTER_MSG.confirmPendingOnline}</span>
          </label>
        </div>
      )}
    </section>
  );
}
