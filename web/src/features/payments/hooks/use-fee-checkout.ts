import { type CreateOrderBody, PAYMENT_MSG, type PaymentHistoryItem } from '@app/common/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { createOrder, runSandboxCheckout, verifyPayment } from '../api/fee-payment.ts';
import { postToGateway } from '../api/installment.ts';
import { invalidatePayments } from '../api/keys.ts';
import { openRazorpayCheckout } from '../api/razorpay.ts';
import type { SandboxCheckout } from '../components/sandbox-checkout-dialog.tsx';
import { paymentErrorMessage } from '../errors.ts';

type Callbacks = { onPaid: () => void; onOfflineRecorded: (payment: PaymentHistoryItem) => void };

/**
 * Fee payment states (docs/product.md section 4): idle → processing → success, or back to idle when the gateway
 * dialog is dismissed. The server creates the order and verifies the checkout's signed answer.
 */
export function useFeeCheckout({ onPaid, onOfflineRecorded }: Callbacks) {
  const qc = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [sandbox, setSandbox] = useState<SandboxCheckout | null>(null);
  const [sandboxBusy, setSandboxBusy] = useState<'pay' | 'fail' | null>(null);

  const backToIdle = () => {
    setSandbox(null);
    setSandboxBusy(null);
    setProcessing(false);
  };

  const failed = (message: string = PAYMENT_MSG.paymentFailed) => {
    toast.error(message);
    void invalidatePayments(qc);
    backToIdle();
  };

  const verify = async (answer: { orderId: string; paymentId: string; signature: string }) => {
    try {
      await verifyPayment(answer);
    } catch (err) {
      failed(paymentErrorMessage(err, PAYMENT_MSG.verificationFailed));
      return;
    }
    toast.success(PAYMENT_MSG.paymentSuccess);
    await invalidatePayments(qc);
    backToIdle();
    onPaid();
  };

  const start = async (body: CreateOrderBody & { courseName: string }) => {
    setProcessing(true);
    let order: Awaited<ReturnType<typeof createOrder>>;
    try {
      order = await createOrder({ courseId: body.courseId, couponCode: body.couponCode, method: body.method });
    } catch (err) {
      failed(paymentErrorMessage(err, PAYMENT_MSG.paymentFailed));
      return;
    }
    if (order.method === 'offline') {
      await invalidatePayments(qc);
      setProcessing(false);
      onOfflineRecorded(order.payment);
      return;
    }
    const { checkout } = order;
    if (checkout.kind === 'sandbox') {
      setSandbox({ url: checkout.url, orderId: checkout.orderId, amount: order.amount, course: body.courseName });
    } else if (checkout.kind === 'form') {
      // The page leaves for the gateway; it comes back through /payment/success or /payment/failed.
      postToGateway(checkout.paymentUrl, checkout.params);
    } else {
      openRazorpayCheckout(checkout, {
        onPaid: verify,
        onFailed: () => toast.error(PAYMENT_MSG.paymentFailed),
        onDismiss: backToIdle,
      }).catch(() => failed());
    }
  };

  const onSandboxAction = async (action: 'pay' | 'fail') => {
    if (!sandbox) return;
    setSandboxBusy(action);
    try {
      const answer = await runSandboxCheckout(sandbox.url, action);
      if (answer.status === 'paid' && answer.signature) {
        await verify({ orderId: answer.orderId, paymentId: answer.paymentId, signature: answer.signature });
      } else {
        failed();
      }
    } catch {
      failed();
    }
  };

  return { processing, start, sandbox, sandboxBusy, onSandboxAction, dismissSandbox: backToIdle };
}
