import type { PaymentStatusRecord } from '@app/common/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/**
 * GET /api/payments/status/{orderId} for the signed-in owner (or an admin). A 401 here must not send the
 * visitor away from the result page, so it skips the client's redirect. While the payment is still
 * pending (the gateway has not confirmed yet) it asks again every few seconds.
 */
export const usePaymentStatus = (orderId: string, enabled: boolean, childId: string | null = null) =>
  useQuery({
    queryKey: [...paymentKeys.status(orderId), childId],
    // A parent reads their child's order through the child (docs/product-parents.md "Fees").
    queryFn: () =>
      api<PaymentStatusRecord>(
        childId === null
          ? `/api/payments/status/${encodeURIComponent(orderId)}`
          : `/api/parent/children/${encodeURIComponent(childId)}/payments/status/${encodeURIComponent(orderId)}`,
        { skipAuthRedirect: true },
      ),
    enabled: enabled && orderId !== '',
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });

const PARENT_ORDER_KEY = 'parent-payment-order';

/** A parent leaving for the gateway: which child the order is for, so the return page can read it. */
export function rememberParentOrder(orderId: string, childId: string) {
  try {
    sessionStorage.setItem(PARENT_ORDER_KEY, JSON.stringify({ orderId, childId }));
  } catch {
    // Storage refused (a private window): the return page then says where to look instead.
  }
}

/** The child of the parent's order the gateway returned with, or null. */
export function parentOrderChild(orderId: string): string | null {
  if (typeof window === 'undefined' || orderId === '') return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(PARENT_ORDER_KEY) ?? 'null') as { orderId?: string; childId?: string } | null;
    return saved?.orderId === orderId && typeof saved.childId === 'string' ? saved.childId : null;
  } catch {
    return null;
  }
}
