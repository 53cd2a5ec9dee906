import { INSTITUTE_NAME } from '@app/common/constants';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../config.ts';
import type { Ctx } from '../../../context.ts';
import type { DbHandle } from '../../../db/client.ts';
import { PaytmGateway } from './paytm.ts';
import { RazorpayGateway } from './razorpay.ts';
import { SandboxGateway } from './sandbox.ts';
import type { PaymentGateway } from './types.ts';

export { GatewayError } from './types.ts';
export type { PaymentGateway } from './types.ts';

const MERCHANT_NAME = INSTITUTE_NAME;

/** The app's gateway (built with the app in app.ts: `ctx.gateway`). */
export const gatewayOf = (ctx: Ctx): PaymentGateway => ctx.gateway;

/** The gateway PAYMENT_GATEWAY selects (config.ts has checked its credentials); app.ts builds it once. */
export function createGateway(c: Config, dbHandle: DbHandle): PaymentGateway {
  switch (c.PAYMENT_GATEWAY) {
    case 'razorpay':
      return new RazorpayGateway({
        keyId: c.RAZORPAY_KEY_ID ?? '',
        keySecret: c.RAZORPAY_KEY_SECRET ?? '',
        webhookSecret: c.RAZORPAY_WEBHOOK_SECRET ?? '',
        apiUrl: c.RAZORPAY_API_URL,
        merchantName: MERCHANT_NAME,
      });
    case 'paytm':
      return new PaytmGateway({
        mid: c.PAYTM_MID ?? '',
        merchantKey: c.PAYTM_MERCHANT_KEY ?? '',
        website: c.PAYTM_WEBSITE,
        apiUrl: c.PAYTM_API_URL,
      });
    default:
      return new SandboxGateway(dbHandle.db, sandboxSecret(c, dbHandle));
  }
}

/**
 * The sandbox's own secret: derived from JWT_SECRET when set (every instance agrees), else generated
 * once under DATA_DIR, else (tests on an in-memory database) random for this process.
 */
function sandboxSecret(config: Config, dbHandle: DbHandle): Buffer {
  if (config.JWT_SECRET) return createHmac('sha256', config.JWT_SECRET).update('sandbox-gateway').digest();
  const persistent = dbHandle.kind === 'postgres' || config.NODE_ENV !== 'test';
  if (!persistent) return randomBytes(32);
  const file = path.join(config.dataDir, 'sandbox-gateway-secret');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32);
    fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
    return secret;
  }
}
