import { formatDateTime } from '@app/common/rules/dates';
import type { PaymentEvent } from '@app/common/schemas/payments-admin';
import { ArrowRight } from 'lucide-react';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

/** Every state change of one payment, oldest first: who, when, from → to, note. */
export function PaymentHistoryLog({ events }: { events: PaymentEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">No changes recorded.</p>;
  return (
    <ol className="relative grid gap-4 border-l-2 border-slate-200 pl-5" aria-label="State changes">
      {events.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only and never reordered
        <li key={i} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[27px] h-3 w-3 rounded-full border-2 border-white bg-brand-700" />
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {e.from ? (
              <>
                <PaymentStatusBadge status={e.from} />
                <ArrowRight aria-label="to" className="h-4 w-4 text-slate-400" />
              </>
            ) : (
              <span className="text-slate-500">Created as</span>
            )}
            {e.from === e.to ? <span className="text-slate-500">(no change)</span> : <PaymentStatusBadge status={e.to} />}
          </div>
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-medium">{e.who}</span> · <time dateTime={e.when}>{formatDateTime(e.when)}</time>
          </p>
          {e.note && <p className="mt-0.5 text-sm text-slate-600">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}
