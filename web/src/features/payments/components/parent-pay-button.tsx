import type { InitiateInstallmentAnswer } from '@app/common/schemas/payments';
import { PAYMENT_MSG } from '@app/common/schemas/payments';
import { formatINR } from '@app/common/rules/money';
import { useMutation } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { FormAlert, buttonClass } from '../../../components/field.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { postToGateway } from '../api/installment.ts';
import { rememberParentOrder } from '../api/payment-status.ts';

type Props = {
  childId: string;
  /** The child's approved admission (the overview's fees.admissionId). */
  admissionId: string;
  installment: { number: number; label: string; outstanding: number };
};

/**
 * A parent's "Pay" for the next installment of their child's fees (docs/product-parents.md "Fees"): the
 * child's installment payment, made by POST /api/parent/children/{id}/payments and recorded as paid by the
 * parent, then the same gateway page the student's "Pay Installment" goes to (a posted form); the gateway
 * returns to /payment/success or /payment/failed.
 */
export function ParentPayButton({ childId, admissionId, installment }: Props) {
  const [leaving, setLeaving] = useState(false);
  const initiate = useMutation({
    mutationFn: () =>
      api<InitiateInstallmentAnswer>(`/api/parent/children/${encodeURIComponent(childId)}/payments`, {
        method: 'POST',
        body: { amount: installment.outstanding, admissionId, installmentNumber: installment.number },
      }),
    onSuccess: (answer) => {
      setLeaving(true);
      rememberParentOrder(answer.orderId, childId);
      postToGateway(answer.paymentUrl, answer.params);
    },
  });
  const busy = initiate.isPending || leaving;
  return (
    <div className="flex flex-col gap-2">
      {initiate.isError && <FormAlert>{errorMessage(initiate.error, PAYMENT_MSG.paymentFailed)}</FormAlert>}
      <p className="text-sm text-slate-700">
        Next due: <strong>{installment.label}</strong>, {formatINR(installment.outstanding)}
      </p>
      <button type="button" className={`${buttonClass.primary} self-start`} onClick={() => initiate.mutate()} disabled={busy}>
        <CreditCard aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Opening the payment page...' : `Pay ${formatINR(installment.outstanding)}`}
      </button>
    </div>
  );
}
