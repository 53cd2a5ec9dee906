import type { PaymentStatus } from '@app/common/schemas/payments';
import type { AdminPayment, AdminPaymentDetail, PaymentTiles } from '@app/common/schemas/payments-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePayments, paymentKeys } from './keys.ts';

/** GET /api/payments (admin), optionally filtered by status. */
export const useAdminPayments = (status: PaymentStatus | '') =>
  useQuery({
    queryKey: paymentKeys.adminList(status),
    queryFn: () => api<AdminPayment[]>(status ? `/api/payments?status=${status}` : '/api/payments'),
  });

/** GET /api/payments/summary: the five tiles and the Payment Summary. */
export const usePaymentTiles = () =>
  useQuery({ queryKey: paymentKeys.adminTiles, queryFn: () => api<PaymentTiles>('/api/payments/summary') });

/** GET /api/payments/{id}: the full record with its history of state changes. */
export const useAdminPayment = (id: string) =>
  useQuery({ queryKey: paymentKeys.adminDetail(id), queryFn: () => api<AdminPaymentDetail>(`/api/payments/${encodeURIComponent(id)}`) });

/** PATCH /api/payments/{id}/verify and POST /api/payments/{id}/refund { amount? } (none: what is left). */
export function usePaymentAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, amount }: { id: string; action: 'verify' | 'refund'; amount?: number }) =>
      action === 'verify'
        ? api<AdminPaymentDetail>(`/api/payments/${encodeURIComponent(id)}/verify`, { method: 'PATCH' })
        : api<AdminPaymentDetail>(`/api/payments/${encodeURIComponent(id)}/refund`, {
            method: 'POST',
            body: amount === undefined ? {} : { amount },
          }),
    onSettled: () => invalidatePayments(qc),
  });
}
