import { ApiError } from '../../lib/api-client.ts';

/**
 * The message for a failed payment call. A refusal the server explains (4xx: 'The gateway has not
 * received this payment.', 'Invalid coupon code') is shown as it is; a network, timeout or server
 * failure shows the spec's own text (docs/product.md section 8), never a generic one.
 */
export const paymentErrorMessage = (err: unknown, specMessage: string): string =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : specMessage;
