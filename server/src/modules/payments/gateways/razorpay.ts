import { callGateway } from './http.ts';
import { parseRazorpayStyleEvent, type RzpPaymentEntity } from './razorpay-events.ts';
import type {
  CheckoutAnswer,
  CreatedOrder,
  GatewayNotice,
  GatewayStatus,
  HeaderMap,
  OrderRequest,
  PaymentGateway,
  RefundRequest,
  RefundResult,
  WebhookNotice,
} from './types.ts';
import { GatewayError } from './types.ts';
import { headerOf, hmacHex, safeEqual } from './util.ts';

export type RazorpayConfig = { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string; merchantName: string };

type RzpOrder = { id: string; amount: number; currency: string; receipt: string; status: string };
type RzpRefund = { id: string; status: string; amount: number; payment_id: string };

/**
 * Razorpay: Orders API (amount in paise, basic auth), Checkout in the browser or the hosted
 * (redirect) checkout, HMAC-SHA256(order_id|payment_id) with the key secret, webhooks signed with
 * the webhook secret over the raw body, refunds with X-Refund-Idempotency.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  private readonly auth: string;

  constructor(private readonly cfg: RazorpayConfig) {
    this.auth = `Basic ${Buffer.from(`${cfg.keyId}:${cfg.keySecret}`).toString('base64')}`;
  }

  private api<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    return callGateway<T>(`${this.cfg.apiUrl.replace(/\/$/, '')}${path}`, {
      method,
      body,
      headers: { authorization: this.auth, ...headers },
    });
  }

  async createOrder(req: OrderRequest): Promise<CreatedOrder> {
    const order = await this.api<RzpOrder>('POST', '/v1/orders', {
      amount: req.amountPaise,
      currency: 'INR',
      receipt: req.orderId.slice(0, 40),
      notes: { ...req.notes, orderId: req.orderId },
    });
    if (!order?.id || order.amount !== req.amountPaise) throw new GatewayError('Razorpay order does not match the request');
    if (req.flow === 'checkout') {
      return {
        gatewayOrderId: order.id,
        checkout: {
          kind: 'razorpay',
          keyId: this.cfg.keyId,
          orderId: order.id,
          amountPaise: req.amountPaise,
          currency: 'INR',
          name: this.cfg.merchantName,
          description: req.description,
          prefill: { name: req.customer.name, email: req.customer.email },
          notes: req.notes,
        },
      };
    }
    // Hosted checkout: the browser posts these fields; Razorpay posts the signed result to callback_url.
    return {
      gatewayOrderId: order.id,
      checkout: {
        kind: 'form',
        paymentUrl: `${this.cfg.apiUrl.replace(/\/$/, '')}/v1/checkout/embedded`,
        params: {
          key_id: this.cfg.keyId,
          order_id: order.id,
          amount: String(req.amountPaise),
          currency: 'INR',
          name: this.cfg.merchantName,
          description: req.description,
          'prefill[name]': req.customer.name,
          'prefill[email]': req.customer.email,
          callback_url: req.callbackUrl,
        },
      },
    };
  }

  verifyCheckout(answer: CheckoutAnswer, storedGatewayOrderId: string): boolean {
    return safeEqual(hmacHex(this.cfg.keySecret, `${storedGatewayOrderId}|${answer.paymentId}`), answer.signature);
  }

  /** The hosted checkout's POST: signed on success; a failure carries error[...] fields (unsigned, so only a hint). */
  async verifyCallback(fields: Record<string, string>): Promise<GatewayNotice | null> {
    const orderId = fields.razorpay_order_id;
    const paymentId = fields.razorpay_payment_id;
    if (orderId && paymentId) {
      if (!this.verifyCheckout({ orderId, paymentId, signature: fields.razorpay_signature ?? '' }, orderId)) return null;
      return {
        orderId,
        orderIdKind: 'gateway',
        outcome: 'paid',
        amountPaise: null,
        gatewayPaymentId: paymentId,
        transactionId: paymentId,
        message: null,
      };
    }
    const failedOrder = fields['error[metadata][order_id]'];
    if (!failedOrder) return null;
    const failedPayment = fields['error[metadata][payment_id]'] ?? null;
    return {
      orderId: failedOrder,
      orderIdKind: 'gateway',
      outcome: 'failed',
      amountPaise: null,
      gatewayPaymentId: failedPayment,
      transactionId: failedPayment,
      message: fields['error[description]'] ?? null,
    };
  }

  async verifyWebhook(rawBody: Buffer, headers: HeaderMap): Promise<WebhookNotice | null> {
    const signature = headerOf(headers, 'x-razorpay-signature');
    const eventId = headerOf(headers, 'x-razorpay-event-id');
    if (!signature || !eventId || !safeEqual(hmacHex(this.cfg.webhookSecret, rawBody), signature)) return null;
    return parseRazorpayStyleEvent(rawBody, eventId);
  }

  async fetchStatus(order: { orderId: string; gatewayOrderId: string }): Promise<GatewayStatus> {
    const list = await this.api<{ items?: RzpPaymentEntity[] }>('GET', `/v1/orders/${encodeURIComponent(order.gatewayOrderId)}/payments`);
    const items = (list?.items ?? []).filter((p) => p.order_id === order.gatewayOrderId);
    const pick = (status: string) => items.find((p) => p.status === status);
    const found = pick('captured') ?? pick('refunded') ?? pick('authorized') ?? pick('failed');
    const state = !found
      ? 'created'
      : found.status === 'captured'
        ? 'paid'
        : found.status === 'refunded'
          ? 'refunded'
          : found.status === 'failed'
            ? 'failed'
            : 'created'; // authorized: captured shortly (auto-capture); not money received yet
    return {
      state,
      gatewayOrderId: order.gatewayOrderId,
      amountPaise: found?.amount ?? null,
      gatewayPaymentId: found?.id ?? null,
      transactionId: found?.id ?? null,
      message: found?.error_description ?? null,
      captures: items
        .filter((p) => (p.status === 'captured' || p.status === 'refunded') && p.id && typeof p.amount === 'number')
        .map((p) => ({ gatewayPaymentId: p.id as string, amountPaise: p.amount as number })),
    };
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    if (!req.gatewayPaymentId) throw new GatewayError('no Razorpay payment id to refund');
    const refund = await this.api<RzpRefund>(
      'POST',
      `/v1/payments/${encodeURIComponent(req.gatewayPaymentId)}/refund`,
      { amount: req.amountPaise, speed: 'normal', receipt: req.orderId.slice(0, 40) },
      { 'X-Refund-Idempotency': req.idempotencyKey },
    );
    if (!refund?.id || refund.status === 'failed') throw new GatewayError('Razorpay refused the refund');
    return { refundId: refund.id, state: refund.status === 'processed' ? 'processed' : 'pending' };
  }
}
