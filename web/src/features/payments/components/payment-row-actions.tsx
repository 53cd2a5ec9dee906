import type { AdminPayment } from '@app/common/schemas/payments-admin';
import { CheckCircle2, Eye, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { usePermissions } from '../../../lib/permissions.ts';

const base =
  'inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';

type Props = {
  payment: AdminPayment;
  busy: boolean;
  onVerify: (p: AdminPayment) => void;
  onRefund: (p: AdminPayment) => void;
  /** Hide View (on the detail page itself). */
  hideView?: boolean;
};

const who = (p: AdminPayment) => (p.studentId ? `${p.studentId.firstName} ${p.studentId.lastName}` : 'deleted student');

/**
 * docs/product.md section 4: View always; Verify on pending (and on a failed or cancelled gateway
 * payment, settled from the gateway's answer); Refund on completed (in part or in full).
 */
export function PaymentRowActions({ payment: p, busy, onVerify, onRefund, hideView }: Props) {
  // Each button only for a role that may do it (docs/product-staff.md).
  const { can } = usePermissions();
  return (
    <div className="flex flex-wrap gap-2">
      {!hideView && (
        <Link
          to={`/admin/payments/${p._id}`}
          aria-label={`View payment of ${who(p)}`}
          className={`${base} border-brand-100 text-brand-700 hover:bg-brand-50`}
        >
          <Eye aria-hidden="true" className="h-4 w-4" /> View
        </Link>
      )}
      {can('payments.verify') &&
        (p.status === 'pending' || (p.paymentMethod === 'gateway' && (p.status === 'failed' || p.status === 'cancelled'))) && (
          <button
            type="button"
            disabled={busy}
            onClick={() => onVerify(p)}
            aria-label={`Verify payment of ${who(p)}`}
            className={`${base} border-green-200 text-green-800 hover:bg-green-50`}
          >
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Verify
          </button>
        )}
      {can('payments.refund') && p.status === 'completed' && (
        <button
          type="button"
          disabled={busy}
          onClick={() => onRefund(p)}
          aria-label={`Refund payment of ${who(p)}`}
          className={`${base} border-red-200 text-red-700 hover:bg-red-50`}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" /> Refund
        </button>
      )}
    </div>
  );
}
