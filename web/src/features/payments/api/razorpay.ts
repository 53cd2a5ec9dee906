import type { Checkout } from '@app/common/schemas/payments';

// Razorpay Checkout (PAYMENT_GATEWAY=razorpay): the gateway's own script opens its payment window in
// the page. Its signed answer goes to POST /api/payments/verify like the sandbox's.

type RazorpayAnswer = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type RazorpayInstance = { open: () => void; on: (event: 'payment.failed', cb: () => void) => void };
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
let loading: Promise<RazorpayCtor> | null = null;

function loadRazorpay(): Promise<RazorpayCtor> {
  const existing = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Razorpay Checkout did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

type Handlers = {
  onPaid: (answer: { orderId: string; paymentId: string; signature: string }) => void;
  onFailed: () => void;
  onDismiss: () => void;
};

export async function openRazorpayCheckout(checkout: Extract<Checkout, { kind: 'razorpay' }>, handlers: Handlers) {
  const Razorpay = await loadRazorpay();
  const rzp = new Razorpay({
    key: checkout.keyId,
    amount: checkout.amountPaise,
    currency: checkout.currency,
    order_id: checkout.orderId,
    name: checkout.name,
    description: checkout.description,
    prefill: checkout.prefill,
    notes: checkout.notes,
    handler: (a: RazorpayAnswer) =>
      handlers.onPaid({ orderId: a.razorpay_order_id, paymentId: a.razorpay_payment_id, signature: a.razorpay_signature }),
    modal: { ondismiss: handlers.onDismiss },
  });
  rzp.on('payment.failed', handlers.onFailed);
  rzp.open();
}
