import { createHmac, randomBytes } from 'node:crypto';
import { type FakeRequest, startFakeServer } from './http-server.ts';

// A fake Razorpay on loopback speaking the parts of its API the adapter uses: Orders (basic auth,
// paise), payments of an order, refunds with X-Refund-Idempotency; and, as Razorpay does, it signs
// the checkout's answer (order_id|payment_id with the key secret) and webhooks (raw body, webhook secret).

export const RZP = { keyId: 'rzp_test_fakekey', keySecret: 'fake_key_secret_123', webhookSecret: 'fake_webhook_secret' };

type Payment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  order_id: string;
  error_description: string | null;
  amount_refunded: number;
};
type Order = {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string;
  status: string;
  notes: Record<string, string>;
};

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
const error = (status: number, description: string) => ({ status, json: { error: { code: 'BAD_REQUEST_ERROR', description } } });

export async function startFakeRazorpay() {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, { id: string; entity: 'refund'; amount: number; payment_id: string; status: string }>();
  const expectedAuth = `Basic ${Buffer.from(`${RZP.keyId}:${RZP.keySecret}`).toString('base64')}`;

  function handle(req: FakeRequest) {
    if (req.headers.authorization !== expectedAuth) return error(401, 'Authentication failed');
    if (req.method === 'POST' && req.path === '/v1/orders') {
      const body = JSON.parse(req.body);
      if (!Number.isInteger(body.amount) || body.amount < 100) return error(400, 'The amount must be atleast INR 1.00');
      const order: Order = {
        id: rid('order'),
        entity: 'order',
        amount: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        status: 'created',
        notes: body.notes ?? {},
      };
      orders.set(order.id, order);
      return { status: 200, json: order };
    }
    let m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.path);
    if (req.method === 'GET' && m) {
      if (!orders.has(m[1])) return error(400, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === m?.[1]);
      return { status: 200, json: { entity: 'collection', count: items.length, items } };
    }
    m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && m) {
      const key = req.headers['x-refund-idempotency'] as string | undefined;
      const payment = payments.get(m[1]);
      if (!payment) return error(400, 'The id provided does not exist');
      if (key && refunds.has(key)) return { status: 200, json: refunds.get(key) };
      if (payment.status !== 'captured') return error(400, 'The payment has been fully refunded already');
      const body = JSON.parse(req.body);
      // As Razorpay: partial refunds until the payment's amount; the payment is `refunded` once fully refunded.
      const amount = body.amount ?? payment.amount - payment.amount_refunded;
      if (amount > payment.amount - payment.amount_refunded)
        return error(400, 'The refund amount provided is greater than amount captured');
      const refund = {
        id: rid('rfnd'),
        entity: 'refund' as const,
        amount,
        payment_id: payment.id,
        status: 'processed',
      };
      payment.amount_refunded += amount;
      if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
      refunds.set(key ?? refund.id, refund);
      return { status: 200, json: refund };
    }
    return error(404, 'The requested URL was not found on the server.');
  }

  const server = await startFakeServer(handle);
  return {
    ...server,
    orders,
    payments,
    refunds,
    /** The student pays at Checkout; answers what Checkout hands the page (signed). */
    pay(orderId: string, opts: { amount?: number } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error('unknown order');
      const p: Payment = {
        id: rid('pay'),
        entity: 'payment',
        amount: opts.amount ?? order.amount,
        currency: 'INR',
        status: 'captured',
        order_id: orderId,
        error_description: null,
        amount_refunded: 0,
      };
      payments.set(p.id, p);
      order.status = 'paid';
      return { orderId, paymentId: p.id, signature: hmac(RZP.keySecret, `${orderId}|${p.id}`), payment: p };
    },
    fail(orderId: string) {
      const p: Payment = {
        id: rid('pay'),
        entity: 'payment',
        amount: orders.get(orderId)?.amount ?? 0,
        currency: 'INR',
        status: 'failed',
        order_id: orderId,
        error_description: 'Payment was declined by the bank',
        amount_refunded: 0,
      };
      // Razorpay keeps the order open for another attempt after a declined one.
      const order = orders.get(orderId);
      if (order && order.status === 'created') order.status = 'attempted';
      payments.set(p.id, p);
      return p;
    },
    /** A refund made in Razorpay's dashboard (not through our API): answers the refund to post as refund.processed. */
    refundAtDashboard(paymentId: string, amount: number) {
      const payment = payments.get(paymentId);
      if (!payment || amount > payment.amount - payment.amount_refunded) throw new Error('cannot refund');
      const refund = { id: rid('rfnd'), entity: 'refund' as const, amount, payment_id: paymentId, status: 'processed' };
      payment.amount_refunded += amount;
      if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
      refunds.set(refund.id, refund);
      return refund;
    },
    /** A webhook as Razorpay posts it: raw JSON, x-razorpay-signature, x-razorpay-event-id (refund events carry the refund too). */
    webhook(event: string, payment: Payment, eventId = rid('evt'), refund?: { id: string; amount: number; payment_id: string }) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: refund ? ['refund', 'payment'] : ['payment'],
        payload: refund
          ? { refund: { entity: { entity: 'refund', ...refund } }, payment: { entity: payment } }
          : { payment: { entity: payment } },
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(RZP.webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
      };
    },
  };
}
