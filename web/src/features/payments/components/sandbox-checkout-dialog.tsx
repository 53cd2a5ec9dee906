import { formatINR } from '@app/common/rules/money';
import { ShieldCheck } from 'lucide-react';
import { buttonClass } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';

export type SandboxCheckout = { url: string; orderId: string; amount: number; course: string };

type Props = {
  checkout: SandboxCheckout | null;
  busy: 'pay' | 'fail' | null;
  onAction: (action: 'pay' | 'fail') => void;
  /** Closing the dialog is the gateway dialog dismissed: back to idle, no error (docs/product.md section 4). */
  onDismiss: () => void;
};

/** The sandbox gateway's checkout (PAYMENT_GATEWAY=sandbox): what a hosted checkout would ask, with no real money. */
export function SandboxCheckoutDialog({ checkout, busy, onAction, onDismiss }: Props) {
  return (
    <Modal
      open={checkout !== null}
      onOpenChange={(open) => !open && !busy && onDismiss()}
      title="Sandbox payment gateway"
      description="A test gateway: no real money moves. Choose what this payment should do."
      size="sm"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onDismiss} disabled={busy !== null}>
            Cancel
          </button>
          <button type="button" className={buttonClass.danger} onClick={() => onAction('fail')} disabled={busy !== null}>
            {busy === 'fail' ? 'Failing...' : 'Fail'}
          </button>
          <button
            type="button"
            className={`${buttonClass.primary} bg-green-700 hover:bg-green-800`}
            onClick={() => onAction('pay')}
            disabled={busy !== null}
          >
            {busy === 'pay' ? 'Paying...' : `Pay ${checkout ? formatINR(checkout.amount) : ''}`}
          </button>
        </>
      }
    >
      {checkout && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Paying for</dt>
          <dd className="font-medium text-slate-900">{checkout.course}</dd>
          <dt className="text-slate-500">Amount</dt>
          <dd className="text-lg font-bold text-brand-800">{formatINR(checkout.amount)}</dd>
          <dt className="text-slate-500">Order</dt>
          <dd className="[overflow-wrap:anywhere] font-mono text-xs text-slate-700">{checkout.orderId}</dd>
        </dl>
      )}
      <p className="mt-4 flex items-center gap-2 text-xs text-slate-500">
        <ShieldCheck aria-hidden="true" className="h-4 w-4 text-green-700" /> The payment is confirmed by the institute's server before
        anything is marked paid.
      </p>
    </Modal>
  );
}
