import { PAYMENT_MSG, PAYMENT_STATUSES, type PaymentStatus } from '@app/common/schemas/payments';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { SelectField } from '../../components/form-controls.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useAdminPayments, usePaymentTiles } from './api/admin-payments.ts';
import { AdminPaymentsTable } from './components/admin-payments-table.tsx';
import { PaymentSummaryPanel, PaymentTiles } from './components/payment-tiles.tsx';
import { usePaymentActions } from './hooks/use-payment-actions.tsx';
import { STATUS_LABELS } from './labels.ts';

const filterOptions = [{ value: '', label: 'All statuses' }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

/** /admin/payments: docs/product.md section 2 "Payment Management". A failed list is an error with Retry, never sample data. */
export default function AdminPaymentsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status: PaymentStatus | '' = PAYMENT_STATUSES.includes(raw as PaymentStatus) ? (raw as PaymentStatus) : '';
  const list = useAdminPayments(status);
  const tiles = usePaymentTiles();
  const actions = usePaymentActions();

  return (
    <AdminPage
      title="Payment Management"
      actions={
        <>
          <Link to="/admin/payments/collections" className={buttonClass.secondary}>
            Collections
          </Link>
          <Link to="/admin/payments/counter" className={buttonClass.primary}>
            Record Counter Payment
          </Link>
        </>
      }
    >
      <PaymentTiles query={tiles} />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-brand-800">Transactions</h2>
        <div className="w-56">
          <SelectField
            label="Filter by status"
            options={filterOptions}
            value={status}
            onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
          />
        </div>
      </div>
      <div className="mt-4">
        <QueryState
          query={list}
          loadingText="Loading payments..."
          errorText={(e) => errorMessage(e, 'Failed to load payments')}
          isEmpty={(d) => d.length === 0}
          empty={PAYMENT_MSG.noPaymentsFound}
          emptyHint={status ? 'Try another status filter.' : undefined}
        >
          {(payments) => (
            <AdminPaymentsTable payments={payments} busyId={actions.busyId} onVerify={actions.verify} onRefund={actions.refund} />
          )}
        </QueryState>
      </div>
      {tiles.data && (
        <div className="mt-6">
          <PaymentSummaryPanel tiles={tiles.data} />
        </div>
      )}
      {actions.dialog}
    </AdminPage>
  );
}
