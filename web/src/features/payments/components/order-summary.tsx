import { formatINR } from '@app/common/rules/money';

type Props = { courseName: string | null; fee: number; discount: number; percent: number; total: number };

/** Payment summary: course fee, discount, total (the server's figures once a coupon is applied). */
export function OrderSummary({ courseName, fee, discount, percent, total }: Props) {
  return (
    <section aria-label="Payment summary" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-brand-800">Payment Summary</h2>
      {courseName ? (
        <dl className="mt-3 grid gap-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Course</dt>
            <dd className="text-right font-medium text-slate-900">{courseName}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Course fee</dt>
            <dd className="font-medium text-slate-900">{formatINR(fee)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Discount{percent > 0 ? ` (${percent}%)` : ''}</dt>
            <dd className={`font-medium ${discount > 0 ? 'text-green-700' : 'text-slate-900'}`}>
              {discount > 0 ? `− ${formatINR(discount)}` : formatINR(0)}
            </dd>
          </div>
          <div className="mt-1 flex justify-between gap-3 border-t pt-2 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-bold text-brand-800">{formatINR(total)}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Choose a course to see the amount to pay.</p>
      )}
    </section>
  );
}
