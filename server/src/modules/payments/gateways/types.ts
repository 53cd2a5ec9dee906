import type { Checkout, GatewayName } from '@app/common/schemas/payments';

// One interface, three adapters (docs/product.md section 11). Amounts are integer paise throughout.

/** What the gateway is asked to collect. `orderId` is ours (ORD_…), unique per payment row. */
export type OrderRequest = {
  orderId: string;
  amountPaise: number;
  description: string;
  customer: { id: string; name: string; email: string; phone: string | null };
  notes: Record<string, string>;
  /** Where a form-post gateway returns the browser (our /api/payments/callback/{gateway}). */
  callbackUrl: string;
  /** 'checkout': an in-page checkout (fee payment); 'redirect': a posted form to a hosted page (installments). */
  flow: 'checkout' | 'redirect';
};

/** The gateway's order; `checkout` is what the browser needs to pay it. */
export type CreatedOrder = { gatewayOrderId: string; checkout: Checkout };

/** The gateway's word on an order, asked server to server (never taken from the browser). */
export type GatewayStatus = {
  state: 'paid' | 'failed' | 'created' | 'refunded';
  /** The gateway's order id the answer is about (checked against ours). */
  gatewayOrderId: string;
  amountPaise: number | null;
  gatewayPaymentId: string | null;
  transactionId: string | null;
  message: string | null;
  /** Every capture the gateway reports on the order (a retry after a capture takes the money twice). */
  captures?: { gatewayPaymentId: string; amountPaise: number }[];
};

/** A callback or webhook whose signature held: what it claims, still to be confirmed with fetchStatus where it matters. */
export type GatewayNotice = {
  /** Our order id or the gateway's order id (`orderIdKind` says which). */
  orderId: string;
  orderIdKind: 'ours' | 'gateway';
  outcome: 'paid' | 'failed' | 'cancelled' | 'refunded' | 'pending' | 'ignored';
  amountPaise: number | null;
  gatewayPaymentId: string | null;
  transactionId: string | null;
  message: string | null;
  /** A refund event's own refund (id and amount); null when the event names none. */
  refund?: { id: string; amountPaise: number } | null;
};

export type WebhookNotice = GatewayNotice & { eventId: string };

/** The checkout's signed answer (Razorpay handler / sandbox dialog). */
export type CheckoutAnswer = { orderId: string; paymentId: string; signature: string };

export type RefundRequest = {
  orderId: string;
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  transactionId: string | null;
  amountPaise: number;
  /** Stable per refund request, so a retried refund is never paid out twice. */
  idempotencyKey: string;
};
export type RefundResult = { refundId: string; state: 'processed' | 'pending' };

export type HeaderMap = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly name: GatewayName;
  createOrder(req: OrderRequest): Promise<CreatedOrder>;
  /** Checks the checkout's signature against the order id WE stored for the payment. */
  verifyCheckout(answer: CheckoutAnswer, storedGatewayOrderId: string): boolean;
  /** A form-post return (urlencoded fields); null when the signature does not hold. */
  verifyCallback(fields: Record<string, string>): Promise<GatewayNotice | null>;
  /** A server-to-server notification on its raw body; null when the signature does not hold. */
  verifyWebhook(rawBody: Buffer, headers: HeaderMap): Promise<WebhookNotice | null>;
  fetchStatus(order: { orderId: string; gatewayOrderId: string }): Promise<GatewayStatus>;
  refund(req: RefundRequest): Promise<RefundResult>;
}

/** A gateway call that failed (network, 5xx, refused); the message is safe to log, never shown raw. */
export class GatewayError extends Error {}
