import { formatINR } from '@app/common/rules/money';
import { type AdminPayment, PAYMENT_MSG } from '@app/common/schemas/payments';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { usePaymentAction } from '../api/admin-payments.ts';
import { paymentErrorMessage } from '../errors.ts';

type Pending = { payment: AdminPayment; action: 'verify' | 'refund' } | null;

const studentName = (p: AdminPayment) => (p.studentId ? `${p.studentId.firstName} ${p.studentId.lastName}` : 'a deleted student');

/** Verify and Refund, each behind a confirmation; a failure shows the server's reason (4xx) or the spec's message. */
export function usePaymentActions() {
  const mutation = usePaymentAction();
  const [pending, setPending] = useState<Pending>(null);

  const confirm = () => {
    if (!pending) return;
    const { payment, action } = pending;
    mutation.mutate(
      { id: payment._id, action },
      {
        onSuccess: () => {
          toast.success(action === 'verify' ? 'Payment verified and marked as completed.' : 'Payment refunded.');
          setPending(null);
        },
        onError: (err) => {
          toast.error(paymentErrorMessage(err, action === 'verify' ? PAYMENT_MSG.verifyError : PAYMENT_MSG.refundError));
          setPending(null);
        },
      },
    );
  };

  const p = pending?.payment;
  const isVerify = pending?.action === 'verify';
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && !mutation.isPending && setPending(null)}
      title={isVerify ? 'Verify this payment?' : 'Refund this payment?'}
      message={
        p && (
          <p>
            {isVerify
              ? p.paymentMethod === 'offline'
                ? `Confirm that ${formatINR(p.amount)} from ${studentName(p)} for ${p.course} has been received. It will be marked as completed.`
                : `The gateway will be asked whether ${formatINR(p.amount)} from ${studentName(p)} for ${p.course} was received; if it was, the payment is marked as completed.`
              : `${formatINR(p.amount)} paid by ${studentName(p)} for ${p.course} will be refunded${p.paymentMethod === 'gateway' ? ' through the payment gateway' : ''}. This cannot be undone.`}
          </p>
        )
      }
      confirmLabel={isVerify ? 'Verify' : 'Refund'}
      busyLabel={isVerify ? 'Verifying...' : 'Refunding...'}
      busy={mutation.isPending}
      tone={isVerify ? 'primary' : 'danger'}
      onConfirm={confirm}
    />
  );

  return {
    verify: (payment: AdminPayment) => setPending({ payment, action: 'verify' }),
    refund: (payment: AdminPayment) => setPending({ payment, action: 'refund' }),
    busyId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
    dialog,
  };
}
