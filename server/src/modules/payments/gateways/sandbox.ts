import { eq, sql } from 'drizzle-orm';
import { CHECKOUT_WINDOW_MS } from '@app/common/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { sandboxGatewayOrders } from '../../../db/schema.ts';
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
import { parseRazorpayStyleEvent } from './razorpay-events.ts';
import { GatewayError } from './types.ts';
import { amountToPaise, headerOf, hmacHex, paiseToAmount, randomId, safeEqual } from './util.ts';

const SANDBOX_HOSTED_URL = '/api/payments/sandbox/hosted';
export const SANDBOX_CALLBACK_URL = '/api/payments/callback/sandbox';
const sandboxCheckoutUrl = (orderId: string) => `/api/payments/sandbox/checkout/${encodeURIComponent(orderId)}`;

/** The sandbox's checkout of an order past its window (common CHECKOUT_WINDOW_MINUTES): it takes no money. */
export class SandboxCheckoutExpired extends GatewayError {}

type Outcome = 'TXN_SUCCESS' | 'TXN_FAILURE' | 'cancelled';
type Book = typeof sandboxGatewayOrders.$inferSelect;
/** An order nobody paid within the checkout window can no longer be paid, as a real gateway's session ends. */
const isExpired = (order: Book) => order.status === 'created' && Date.now() - order.createdAt.getTime() > CHECKOUT_WINDOW_MS;
const RESPONSES: Record<Outcome, { code: string; message: string }> = {
  TXN_SUCCESS: { code: '01', message: 'Txn Success' },
  TXN_FAILURE: { code: '227', message: 'Your payment has been declined by your bank.' },
  cancelled: { code: '141', message: 'User has not completed transaction.' },
};

/**
 * PAYMENT_GATEWAY=sandbox: a gateway served by this app, with its own secret and its own books
 * (sandbox_gateway_orders). The in-app checkout answers exactly what Razorpay Checkout answers
 * (HMAC-SHA256(order_id|payment_id)); the hosted page calls back with signed form fields as Paytm does.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
  ) {}

  async createOrder(req: OrderRequest): Promise<CreatedOrder> {
    await this.db.insert(sandboxGatewayOrders).values({ orderId: req.orderId, amountPaise: req.amountPaise });
    if (req.flow === 'checkout') {
      return {
        gatewayOrderId: req.orderId,
        checkout: { kind: 'sandbox', url: sandboxCheckoutUrl(req.orderId), orderId: req.orderId, amountPaise: req.amountPaise },
      };
    }
    const params = { orderId: req.orderId, amount: paiseToAmount(req.amountPaise) };
    return {
      gatewayOrderId: req.orderId,
      checkout: {
        kind: 'form',
        paymentUrl: SANDBOX_HOSTED_URL,
        params: { ...params, signature: this.sign(`${params.orderId}|${params.amount}`) },
      },
    };
  }

  // ---- the "gateway side": what its checkout and hosted page do ----

  /** The in-app checkout dialog's Pay / Fail, as the gateway would process them. */
  async checkoutAction(orderId: string, action: 'pay' | 'fail') {
    const order = await this.book(orderId);
    if (!order) throw new GatewayError('unknown sandbox order');
    if (isExpired(order)) throw new SandboxCheckoutExpired('sandbox checkout window passed');
    const paymentId = order.paymentId ?? randomId('pay_SBX');
    if (order.status === 'created') {
      await this.mark(orderId, action === 'pay' ? 'paid' : 'failed', paymentId);
    }
    const paid = action === 'pay' && (order.status === 'created' || order.status === 'paid');
    return {
      orderId,
      paymentId,
      status: paid ? ('paid' as const) : ('failed' as const),
      signature: paid ? this.sign(`${orderId}|${paymentId}`) : null,
      error: paid ? null : { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' },
    };
  }

  /** The hosted page's input: the params createOrder handed out, checked before the page is shown. */
  async openHostedPage(params: Record<string, string>) {
    const { orderId = '', amount = '', signature = '' } = params;
    if (!safeEqual(this.sign(`${orderId}|${amount}`), signature)) return null;
    const order = await this.book(orderId);
    if (!order || amountToPaise(amount) !== order.amountPaise || isExpired(order)) return null;
    const txnId = order.paymentId ?? randomId('SBXTXN');
    const callbackFor = (status: Outcome) => this.signedFields(orderId, txnId, order.amountPaise, status);
    return {
      orderId,
      amountPaise: order.amountPaise,
      status: order.status,
      forms: { pay: callbackFor('TXN_SUCCESS'), fail: callbackFor('TXN_FAILURE'), cancel: callbackFor('cancelled') },
    };
  }

  signedFields(orderId: string, txnId: string, amountPaise: number, status: Outcome): Record<string, string> {
    const fields: Record<string, string> = {
      MID: 'SANDBOX',
      ORDERID: orderId,
      TXNID: txnId,
      TXNAMOUNT: paiseToAmount(amountPaise),
      CURRENCY: 'INR',
      STATUS: status,
      RESPCODE: RESPONSES[status].code,
      RESPMSG: RESPONSES[status].message,
      GATEWAYNAME: 'SANDBOX',
      PAYMENTMODE: 'SANDBOX',
    };
    return { ...fields, CHECKSUMHASH: this.signFields(fields) };
  }

  // ---- the merchant side (PaymentGateway) ----

  verifyCheckout(answer: CheckoutAnswer, storedGatewayOrderId: string): boolean {
    return safeEqual(this.sign(`${storedGatewayOrderId}|${answer.paymentId}`), answer.signature);
  }

  /**
   * The hosted page's buttons post their signed fields here through the browser; submitting the
   * Pay form IS the payment in this sandbox, so the gateway's books record it as it passes.
   */
  async verifyCallback(fields: Record<string, string>): Promise<GatewayNotice | null> {
    const { CHECKSUMHASH = '', ...rest } = fields;
    if (!safeEqual(this.signFields(rest), CHECKSUMHASH)) return null;
    const amountPaise = amountToPaise(rest.TXNAMOUNT);
    const outcome =
      rest.STATUS === 'TXN_SUCCESS' ? 'paid' : rest.STATUS === 'TXN_FAILURE' ? 'failed' : rest.STATUS === 'cancelled' ? 'cancelled' : null;
    if (!outcome || !rest.ORDERID) return null;
    const order = await this.book(rest.ORDERID);
    if (order?.status === 'created' && !isExpired(order) && amountPaise === order.amountPaise && outcome !== 'cancelled') {
      await this.mark(rest.ORDERID, outcome, rest.TXNID || null);
    }
    return {
      orderId: rest.ORDERID,
      orderIdKind: 'ours',
      outcome,
      amountPaise,
      gatewayPaymentId: rest.TXNID || null,
      transactionId: rest.TXNID || null,
      message: rest.RESPMSG || null,
    };
  }

  /** Webhooks in Razorpay's shape, signed with the sandbox secret (x-sandbox-signature, x-sandbox-event-id). */
  async verifyWebhook(rawBody: Buffer, headers: HeaderMap): Promise<WebhookNotice | null> {
    const signature = headerOf(headers, 'x-sandbox-signature');
    const eventId = headerOf(headers, 'x-sandbox-event-id');
    if (!signature || !eventId || !safeEqual(hmacHex(this.secret, rawBody), signature)) return null;
    return parseRazorpayStyleEvent(rawBody, eventId);
  }

  async fetchStatus(order: { orderId: string; gatewayOrderId: string }): Promise<GatewayStatus> {
    const row = await this.book(order.gatewayOrderId);
    if (!row) throw new GatewayError('unknown sandbox order');
    return {
      state: row.status,
      gatewayOrderId: row.orderId,
      amountPaise: row.amountPaise,
      gatewayPaymentId: row.paymentId,
      transactionId: row.paymentId,
      message: null,
    };
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const row = await this.book(req.gatewayOrderId);
    if (!row || (row.status !== 'paid' && row.status !== 'refunded')) throw new GatewayError('sandbox order is not paid');
    if (row.refundId) return { refundId: row.refundId, state: 'processed' };
    const refundId = `rfnd_SBX${hmacHex(this.secret, req.idempotencyKey).slice(0, 14)}`;
    await this.db
      .update(sandboxGatewayOrders)
      .set({ status: 'refunded', refundId, updatedAt: new Date() })
      .where(eq(sandboxGatewayOrders.orderId, row.orderId));
    return { refundId, state: 'processed' };
  }

  /** Signs a webhook body as the sandbox would send it (used by its own tests and tools). */
  signWebhook(rawBody: string | Buffer) {
    return hmacHex(this.secret, rawBody);
  }

  private sign(data: string) {
    return hmacHex(this.secret, data);
  }
  private signFields(fields: Record<string, string>) {
    const text = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('|');
    return this.sign(text);
  }
  private async book(orderId: string) {
    const [row] = await this.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.orderId, orderId)).limit(1);
    return row ?? null;
  }
  /** Books move forward only: created → paid | failed. */
  private async mark(orderId: string, status: 'paid' | 'failed', paymentId: string | null) {
    await this.db
      .update(sandboxGatewayOrders)
      .set({ status, paymentId: sql`coalesce(${sandboxGatewayOrders.paymentId}, ${paymentId})`, updatedAt: new Date() })
      .where(sql`${sandboxGatewayOrders.orderId} = ${orderId} and ${sandboxGatewayOrders.status} = 'created'`);
  }
}
