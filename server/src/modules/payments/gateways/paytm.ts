import { callGateway } from './http.ts';
import { generatePaytmSignature, verifyPaytmSignature } from './paytm-checksum.ts';
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
import { amountToPaise, paiseToAmount } from './util.ts';

export type PaytmConfig = { mid: string; merchantKey: string; website: string; apiUrl: string };

type ResultInfo = { resultStatus?: string; resultCode?: string; resultMsg?: string };
type PaytmAnswer<B> = { head?: { signature?: string }; body?: B & { resultInfo?: ResultInfo } };

const OUTCOMES: Record<string, GatewayNotice['outcome']> = { TXN_SUCCESS: 'paid', TXN_FAILURE: 'failed', PENDING: 'pending' };

/**
 * Paytm: Initiate Transaction (a txnToken), the browser's form post to showPaymentPage, the callback
 * verified by its CHECKSUMHASH, then the Transaction Status API (/v3/order/status) confirms the order
 * id and amount before anything is marked paid; refunds by refId (/refund/apply).
 */
export class PaytmGateway implements PaymentGateway {
  readonly name = 'paytm' as const;

  constructor(private readonly cfg: PaytmConfig) {}

  /** A signed {head, body} request, as every Paytm JSON API expects. */
  private api<B>(path: string, body: Record<string, unknown>) {
    const head = { signature: generatePaytmSignature(JSON.stringify(body), this.cfg.merchantKey) };
    return callGateway<PaytmAnswer<B>>(`${this.cfg.apiUrl.replace(/\/$/, '')}${path}`, { method: 'POST', body: { body, head } });
  }

  async createOrder(req: OrderRequest): Promise<CreatedOrder> {
    const { mid } = this.cfg;
    const query = `mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(req.orderId)}`;
    const answer = await this.api<{ txnToken?: string }>(`/theia/api/v1/initiateTransaction?${query}`, {
      requestType: 'Payment',
      mid,
      websiteName: this.cfg.website,
      orderId: req.orderId,
      callbackUrl: req.callbackUrl,
      txnAmount: { value: paiseToAmount(req.amountPaise), currency: 'INR' },
      userInfo: { custId: req.customer.id, email: req.customer.email, firstName: req.customer.name },
    });
    const token = answer?.body?.txnToken;
    if (answer?.body?.resultInfo?.resultStatus !== 'S' || !token) {
      throw new GatewayError(`Paytm initiateTransaction refused: ${answer?.body?.resultInfo?.resultMsg ?? 'no token'}`);
    }
    return {
      gatewayOrderId: req.orderId,
      checkout: {
        kind: 'form',
        paymentUrl: `${this.cfg.apiUrl.replace(/\/$/, '')}/theia/api/v1/showPaymentPage?${query}`,
        params: { mid, orderId: req.orderId, txnToken: token },
      },
    };
  }

  verifyCheckout(_answer: CheckoutAnswer, _stored: string): boolean {
    return false; // Paytm has no in-page signed answer here: its result comes by the callback
  }

  async verifyCallback(fields: Record<string, string>): Promise<GatewayNotice | null> {
    const { CHECKSUMHASH = '', ...rest } = fields;
    if (!rest.ORDERID || !verifyPaytmSignature(rest, this.cfg.merchantKey, CHECKSUMHASH)) return null;
    if (rest.MID && rest.MID !== this.cfg.mid) return null;
    return {
      orderId: rest.ORDERID,
      orderIdKind: 'ours',
      outcome: OUTCOMES[rest.STATUS ?? ''] ?? 'pending',
      amountPaise: amountToPaise(rest.TXNAMOUNT),
      gatewayPaymentId: rest.TXNID || null,
      transactionId: rest.TXNID || null,
      message: rest.RESPMSG || null,
    };
  }

  /** Paytm's payment notification webhook posts the callback's fields (urlencoded, with CHECKSUMHASH). */
  async verifyWebhook(rawBody: Buffer, _headers: HeaderMap): Promise<WebhookNotice | null> {
    const fields = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
    const notice = await this.verifyCallback(fields);
    if (!notice) return null;
    return { ...notice, eventId: `${fields.ORDERID}:${fields.TXNID ?? ''}:${fields.STATUS ?? ''}` };
  }

  async fetchStatus(order: { orderId: string; gatewayOrderId: string }): Promise<GatewayStatus> {
    const answer = await this.api<{ orderId?: string; txnId?: string; txnAmount?: string }>('/v3/order/status', {
      mid: this.cfg.mid,
      orderId: order.gatewayOrderId,
    });
    const body = answer?.body;
    const status = body?.resultInfo?.resultStatus;
    if (!body || !status) throw new GatewayError('Paytm status answer without a result');
    // 334 "Invalid Order Id": no transaction at Paytm yet (the student has not paid), not a failure.
    const failed = status === 'TXN_FAILURE' && body.resultInfo?.resultCode !== '334';
    const state = status === 'TXN_SUCCESS' ? 'paid' : failed ? 'failed' : 'created';
    return {
      state,
      // A settled answer must name the order; "nothing yet" may leave it out.
      gatewayOrderId: body.orderId ?? (state === 'created' ? order.gatewayOrderId : ''),
      amountPaise: amountToPaise(body.txnAmount),
      gatewayPaymentId: body.txnId || null,
      transactionId: body.txnId || null,
      message: body.resultInfo?.resultMsg ?? null,
    };
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    if (!req.transactionId) throw new GatewayError('no Paytm transaction id to refund');
    const answer = await this.api<{ refundId?: string }>('/refund/apply', {
      mid: this.cfg.mid,
      txnType: 'REFUND',
      orderId: req.orderId,
      txnId: req.transactionId,
      refId: req.idempotencyKey,
      refundAmount: paiseToAmount(req.amountPaise),
    });
    const info = answer?.body?.resultInfo;
    // 617: a refund with this refId was already raised; the retry must not pay out twice.
    const accepted = info?.resultStatus === 'PENDING' || info?.resultStatus === 'TXN_SUCCESS' || info?.resultCode === '617';
    if (!accepted) throw new GatewayError(`Paytm refused the refund: ${info?.resultMsg ?? 'no result'}`);
    return { refundId: answer.body?.refundId ?? req.idempotencyKey, state: info?.resultStatus === 'TXN_SUCCESS' ? 'processed' : 'pending' };
  }
}
