import { formatINR, hasAtMostPaise, toPaise, toRupees } from '@app/common/rules/money';
import { PAYMENT_MSG } from '@app/common/schemas/payments';
import type { AdminPayment } from '@app/common/schemas/payments-admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { usePaymentAction } from '../api/admin-payments.ts';
import { paymentErrorMessage } from '../errors.ts';

type Pending = { payment: AdminPayment; action: 'verify' | 'refund' } | null;

const studentName = (p: AdminPayment) => (p.studentId ? `${p.studentId.firstName} ${p.studentId.lastName}` : 'a deleted student');

/** What is left to refund of a payment, in rupees (the server's figures). */
const leftOf = (p: AdminPayment) => toRupees(toPaise(p.amount) - toPaise(p.refunded));

/**
 * Verify and Refund, each behind a confirmation; Refund takes an amount (what is left by default, so a
 * part can be refunded). A failure shows the server's reason (4xx) or the spec's message.
 */
export function usePaymentActions() {
  const mutation = usePaymentAction();
  const [pending, setPending] = useState<Pending>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const open = (payment: AdminPayment, action: 'verify' | 'refund') => {
    setPending({ payment, action });
    setAmount(action === 'refund' ? String(leftOf(payment)) : '');
    setAmountError(null);
  };

  const confirm = () => {
    if (!pending) return;
    const { payment, action } = pending;
    let refundAmount: number | undefined;
    if (action === 'refund') {
      const value = Number(amount.trim());
      const left = leftOf(payment);
      if (!amount.trim() || !Number.isFinite(value) || value <= 0 || !hasAtMostPaise(value)) {
        setAmountError(PAYMENT_MSG.refundInvalidAmount);
        return;
      }
      if (value > left) {
        setAmountError(PAYMENT_MSG.refundAboveLeft(formatINR(left)));
        return;
      }
      refundAmount = value;
    }
    mutation.mutate(
      { id: payment._id, action, amount: refundAmount },
      {
        onSuccess: () => {
          toast.success(
            action === 'verify'
              ? 'Payment verified and marked as completed.'
              : refundAmount !== undefined && refundAmount < leftOf(payment)
                ? `${formatINR(refundAmount)} refunded.`
                : 'Payment refunded.',
          );
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
        p &&
        (isVerify ? (
          <p>
            {p.paymentMethod === 'offline'
              ? `Confirm that ${formatINR(p.amount)} from ${studentName(p)} for ${p.course} has been received. It will be marked as completed.`
              : `The gateway will be asked whether ${formatINR(p.amount)} from ${studentName(p)} for ${p.course} was received; if it was, the payment is marked as completed.`}
          </p>
        ) : (
          <div className="grid gap-2">
            <p>
              {`${formatINR(p.amount)} paid by ${studentName(p)} for ${p.course}${p.refunded > 0 ? ` (${formatINR(p.refunded)} already refunded)` : ''}. The amount below will be refunded${p.paymentMethod === 'gateway' ? ' through the payment gateway' : ''}; this cannot be undone.`}
            </p>
            <label className="grid gap-1 text-sm font-medium text-slate-700">
              Refund amount (₹), at most {formatINR(leftOf(p))}
              <input
                type="text"
                inputMode="decimal"
                name="refundAmount"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setAmountError(null);
                }}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? 'refund-amount-error' : undefined}
                className="rounded-md border border-slate-300 px-3 py-2 font-normal"
              />
            </label>
            {amountError && (
              <p id="refund-amount-error" role="alert" className="text-sm text-red-700">
                {amountError}
              </p>
            )}
          </div>
        ))
      }
      confirmLabel={isVerify ? 'Verify' : 'Refund'}
      busyLabel={isVerify ? 'Verifying...' : 'Refunding...'}
      busy={mutation.isPending}
      tone={isVerify ? 'primary' : 'danger'}
      onConfirm={confirm}
    />
  );

  return {
    verify: (payment: AdminPayment) => open(payment, 'verify'),
    refund: (payment: AdminPayment) => open(payment, 'refund'),
    busyId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
    dialog,
  };
}
