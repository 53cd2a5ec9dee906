import type { PaymentStatusRecord } from '@app/common/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/**
 * GET /api/payments/status/{orderId} for the signed-in owner (or an admin). A 401 here must not send the
 * visitor away from the result page, so it skips the client's redirect. While the payment is still
 * pending (the gateway has not confirmed yet) it asks again every few seconds.
 */
export const usePaymentStatus = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.status(orderId),
    queryFn: () => api<PaymentStatusRecord>(`/api/payments/status/${encodeURIComponent(orderId)}`, { skipAuthRedirect: true }),
    enabled: enabled && orderId !== '',
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });
