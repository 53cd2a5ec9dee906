import { formatINR } from '@app/common/rules/money';
import type { PaymentTiles as Tiles } from '@app/common/schemas/payments-admin';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Clock, IndianRupee, ReceiptIndianRupee, XCircle } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { StatTile } from '../../../components/admin-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';

const icon = 'h-6 w-6';

/** The five tiles of Payment Management (docs/product.md section 2). */
export function PaymentTiles({ query }: { query: UseQueryResult<Tiles> }) {
  return (
    <QueryState
      query={query}
      compact
      loadingText="Loading payment figures..."
      errorText={(e) => errorMessage(e, 'Failed to load payment figures')}
    >
      {(t) => <Figures t={t} />}
    </QueryState>
  );
}

function Figures({ t }: { t: Tiles }) {
  return (
    <ul aria-label="Payment figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <li>
        <StatTile
          label="Total Revenue"
          value={formatINR(t.totalRevenue)}
          tone="green"
          icon={<IndianRupee aria-hidden="true" className={icon} />}
        />
      </li>
      <li>
        <StatTile label="Pending" value={formatINR(t.pending)} tone="amber" icon={<Clock aria-hidden="true" className={icon} />} />
      </li>
      <li>
        <StatTile
          label="Total Transactions"
          value={t.totalTransactions}
          tone="brand"
          icon={<ReceiptIndianRupee aria-hidden="true" className={icon} data-icon="receipt-indian-rupee" />}
        />
      </li>
      <li>
        <StatTile label="Successful" value={t.successful} tone="green" icon={<CheckCircle2 aria-hidden="true" className={icon} />} />
      </li>
      <li>
        <StatTile label="Failed" value={t.failed} tone="red" icon={<XCircle aria-hidden="true" className={icon} />} />
      </li>
    </ul>
  );
}

/** Payment Summary (docs/product.md section 9): revenue = completed sum, pending sum, success rate rounded. */
export function PaymentSummaryPanel({ tiles }: { tiles: Tiles }) {
  return (
    <section aria-labelledby="payment-summary-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="payment-summary-title" className="text-lg font-semibold text-brand-800">
        Payment Summary
      </h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-500">Revenue (completed)</dt>
          <dd className="text-xl font-bold text-green-700">{formatINR(tiles.totalRevenue)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Pending amount</dt>
          <dd className="text-xl font-bold text-amber-700">
            {formatINR(tiles.pending)}{' '}
            <span className="text-sm font-normal text-slate-500">
              ({tiles.pendingCount} {tiles.pendingCount === 1 ? 'payment' : 'payments'})
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Success rate</dt>
          <dd className="text-xl font-bold text-brand-800">
            {tiles.successRate}%
            <div
              className="mt-1 h-2 rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Success rate"
              aria-valuenow={tiles.successRate}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-2 rounded-full bg-green-600" style={{ width: `${tiles.successRate}%` }} />
            </div>
          </dd>
        </div>
      </dl>
    </section>
  );
}
