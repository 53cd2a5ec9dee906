import type { CreateOrderAnswer, VerifyPaymentBody } from '@app/common/schemas/payments';
import { formatINR } from '@app/common/rules/money';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/field.tsx';
import { api } from '../../../lib/api-client.ts';
import { useFeeCheckout } from '../hooks/use-fee-checkout.ts';
import { OFFLINE_RECORDED } from '../labels.ts';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog.tsx';

type Props = {
  childId: string;
  /** The child's name, on the gateway's dialog. */
  childName: string;
  installment: { number: number; label: string; outstanding: number };
  onPaid: () => void;
};

const base = (childId: string) => `/api/parent/children/${encodeURIComponent(childId)}/payments`;

/**
 * A parent's "Pay" for the next installment of their child's fees (docs/product-parents.md "Fees"): the
 * order is the child's, made by POST /api/parent/children/{id}/payments and recorded as paid by the parent;
 * then the same checkout the student's Pay opens (the sandbox dialog, Razorpay, or the gateway's page).
 */
export function ParentPayButton({ childId, childName, installment, onPaid }: Props) {
  const checkout = useFeeCheckout({
    onPaid,
    onOfflineRecorded: () => toast.success(OFFLINE_RECORDED),
    verifyWith: (answer: VerifyPaymentBody) => api(`${base(childId)}/verify`, { method: 'POST', body: answer }),
  });
  const pay = () =>
    checkout.startWith(
      () =>
        api<CreateOrderAnswer>(base(childId), {
          method: 'POST',
          body: { method: 'gateway', installmentNumber: installment.number, amount: installment.outstanding },
        }),
      `${installment.label} for ${childName}`,
    );
  return (
    <>
      <button type="button" className={buttonClass.primary} onClick={() => void pay()} disabled={checkout.processing}>
        <CreditCard aria-hidden="true" className="h-4 w-4" />
        {checkout.processing ? 'Processing...' : `Pay ${formatINR(installment.outstanding)}`}
      </button>
      <SandboxCheckoutDialog
        checkout={checkout.sandbox}
        busy={checkout.sandboxBusy}
        onAction={(a) => void checkout.onSandboxAction(a)}
        onDismiss={checkout.dismissSandbox}
      />
    </>
  );
}
