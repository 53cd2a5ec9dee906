import type {
  CouponValidateAnswer,
  CouponValidateBody,
  CreateOrderAnswer,
  CreateOrderBody,
  SandboxCheckoutAnswer,
  VerifyPaymentBody,
} from '@app/common/schemas/payments';
import type { PaymentHistoryItem } from '@app/common/schemas/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The fee payment calls (docs/product.md section 7): the coupon preview, the order, the sandbox checkout's
// Pay / Fail and the verification of the checkout's signed answer. The server decides every amount.

/** POST /api/payments/coupons/validate: an unknown code answers valid:false (discount 0), not an error. */
export const useValidateCoupon = () =>
  useMutation({
    mutationFn: (body: CouponValidateBody) => api<CouponValidateAnswer>('/api/payments/coupons/validate', { method: 'POST', body }),
  });

/** POST /api/payments/orders: a gateway order (what the checkout needs) or a pending offline payment. */
export const createOrder = (body: CreateOrderBody) => api<CreateOrderAnswer>('/api/payments/orders', { method: 'POST', body });

/** POST {checkout.url} with {action}: what the sandbox gateway's checkout answers (paid with a signature, or failed). */
export const runSandboxCheckout = (url: string, action: 'pay' | 'fail') =>
  api<SandboxCheckoutAnswer>(url, { method: 'POST', body: { action } });

/** POST /api/payments/verify: the checkout's signed answer, checked by the server against its own order. */
export const verifyPayment = (body: VerifyPaymentBody) =>
  api<{ message: string; payment: PaymentHistoryItem }>('/api/payments/verify', { method: 'POST', body });
