import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { type FakeRequest, startFakeServer } from './http-server.ts';

// A fake Paytm on loopback: Initiate Transaction, Transaction Status (/v3/order/status) and Refund
// (/refund/apply), each checking the request's paytmchecksum signature; and, as Paytm does, the
// signed form fields it posts back to the merchant's callback. Its checksum code is written apart
// from the adapter's on purpose, so the two check each other.

export const PAYTM = { mid: 'FAKEMID00000000000001', merchantKey: 'fakeMerchantKey1', website: 'WEBSTAGING' };
const IV = '@@@@&&&&####$$$$';

function checksum(data: string, salt = randomBytes(3).toString('base64')) {
  const hash = createHash('sha256').update(`${data}|${salt}`).digest('hex') + salt;
  const c = createCipheriv('aes-128-cbc', PAYTM.merchantKey, IV);
  return c.update(hash, 'binary', 'base64') + c.final('base64');
}
function verify(data: string, sig: string) {
  try {
    const d = createDecipheriv('aes-128-cbc', PAYTM.merchantKey, IV);
    const plain = d.update(sig, 'base64', 'binary') + d.final('binary');
    return checksum(data, plain.slice(-4)) === sig;
  } catch {
    return false;
  }
}
const fieldsString = (f: Record<string, string>) =>
  Object.keys(f)
    .sort()
    .map((k) => (f[k].toLowerCase() === 'null' ? '' : f[k]))
    .join('|');

type Txn = {
  orderId: string;
  amount: string;
  status: 'PENDING' | 'TXN_SUCCESS' | 'TXN_FAILURE';
  txnId: string | null;
  token: string;
  paidAmount: string | null;
};
const info = (resultStatus: string, resultCode: string, resultMsg: string) => ({ resultStatus, resultCode, resultMsg });

export async function startFakePaytm() {
  const txns = new Map<string, Txn>();
  const refunds = new Map<string, { refundId: string; orderId: string; amount: string }>();
  const control = { refuseNextInitiate: false };

  function handle(req: FakeRequest) {
    const parsed = JSON.parse(req.body || '{}');
    const body = parsed.body ?? {};
    if (!verify(JSON.stringify(body), parsed.head?.signature ?? '')) {
      return { status: 200, json: { head: {}, body: { resultInfo: info('F', '2005', 'Checksum provided is invalid') } } };
    }
    if (body.mid !== PAYTM.mid) return { status: 200, json: { head: {}, body: { resultInfo: info('F', '1007', 'Invalid MID') } } };
    if (req.path === '/theia/api/v1/initiateTransaction') {
      if (req.query.get('orderId') !== body.orderId || req.query.get('mid') !== body.mid)
        return { status: 200, json: { body: { resultInfo: info('F', '1001', 'Request parameters are not valid') } } };
      if (control.refuseNextInitiate) {
        control.refuseNextInitiate = false;
        return { status: 200, json: { body: { resultInfo: info('F', '501', 'System Error') } } };
      }
      if (txns.has(body.orderId)) return { status: 200, json: { body: { resultInfo: info('F', '325', 'Duplicate Order Id') } } };
      const t: Txn = {
        orderId: body.orderId,
        amount: body.txnAmount.value,
        status: 'PENDING',
        txnId: null,
        token: randomBytes(16).toString('hex'),
        paidAmount: null,
      };
      txns.set(t.orderId, t);
      return {
        status: 200,
        json: {
          head: { version: 'v1' },
          body: { resultInfo: info('S', '0000', 'Success'), txnToken: t.token, isPromoCodeValid: false, authenticated: false },
        },
      };
    }
    if (req.path === '/v3/order/status') {
      const t = txns.get(body.orderId);
      if (!t) return { status: 200, json: { body: { resultInfo: info('TXN_FAILURE', '334', 'Invalid Order Id.') } } };
      const r =
        t.status === 'TXN_SUCCESS'
          ? info('TXN_SUCCESS', '01', 'Txn Success')
          : t.status === 'TXN_FAILURE'
            ? info('TXN_FAILURE', '227', 'Your payment has been declined by your bank.')
            : info('PENDING', '402', 'Looks like the payment is not complete.');
      return {
        status: 200,
        json: {
          head: {},
          body: {
            resultInfo: r,
            txnId: t.txnId ?? '',
            orderId: t.orderId,
            txnAmount: t.paidAmount ?? t.amount,
            txnType: 'SALE',
            mid: PAYTM.mid,
          },
        },
      };
    }
    if (req.path === '/refund/apply') {
      const t = txns.get(body.orderId);
      if (t?.status !== 'TXN_SUCCESS' || t.txnId !== body.txnId)
        return { status: 200, json: { body: { resultInfo: info('TXN_FAILURE', '631', 'Record not found') } } };
      const seen = refunds.get(body.refId);
      if (seen)
        return {
          status: 200,
          json: {
            body: {
              resultInfo: info('TXN_FAILURE', '617', 'Refund Already Raised (If merchant repeated their request within the 10 minutes)'),
              refId: body.refId,
            },
          },
        };
      const refund = { refundId: `REF${randomBytes(6).toString('hex')}`, orderId: body.orderId, amount: body.refundAmount };
      refunds.set(body.refId, refund);
      return {
        status: 200,
        json: {
          body: {
            resultInfo: info('PENDING', '601', 'Refund request was raised for this transaction. But it is pending state'),
            refId: body.refId,
            refundId: refund.refundId,
            txnId: t.txnId,
            refundAmount: body.refundAmount,
          },
        },
      };
    }
    return { status: 404, json: { body: { resultInfo: info('F', '404', 'Not found') } } };
  }

  const server = await startFakeServer(handle);
  const callbackFields = (t: Txn, status: 'TXN_SUCCESS' | 'TXN_FAILURE', amount: string): Record<string, string> => {
    const f: Record<string, string> = {
      BANKNAME: 'Fake Bank',
      BANKTXNID: `BANK${randomBytes(4).toString('hex')}`,
      CURRENCY: 'INR',
      GATEWAYNAME: 'HDFC',
      MID: PAYTM.mid,
      ORDERID: t.orderId,
      PAYMENTMODE: 'UPI',
      RESPCODE: status === 'TXN_SUCCESS' ? '01' : '227',
      RESPMSG: status === 'TXN_SUCCESS' ? 'Txn Success' : 'Your payment has been declined by your bank.',
      STATUS: status,
      TXNAMOUNT: amount,
      TXNDATE: '2026-01-10 12:00:00.0',
      TXNID: t.txnId ?? '',
    };
    return { ...f, CHECKSUMHASH: checksum(fieldsString(f)) };
  };
  return {
    ...server,
    txns,
    refunds,
    control,
    /** The student pays on Paytm's page; answers the signed fields Paytm posts to the callback. */
    pay(orderId: string, opts: { amount?: string } = {}) {
      const t = txns.get(orderId);
      if (!t) throw new Error('unknown order');
      t.status = 'TXN_SUCCESS';
      t.txnId = `2026${randomBytes(8).toString('hex')}`;
      t.paidAmount = opts.amount ?? t.amount;
      return callbackFields(t, 'TXN_SUCCESS', t.paidAmount);
    },
    fail(orderId: string) {
      const t = txns.get(orderId);
      if (!t) throw new Error('unknown order');
      t.status = 'TXN_FAILURE';
      t.txnId = `2026${randomBytes(8).toString('hex')}`;
      return callbackFields(t, 'TXN_FAILURE', t.amount);
    },
    /** Signs arbitrary callback fields with the merchant key (for tests of a lying-but-signed message). */
    sign(fields: Record<string, string>) {
      const { CHECKSUMHASH: _, ...rest } = fields;
      return { ...rest, CHECKSUMHASH: checksum(fieldsString(rest)) };
    },
  };
}
