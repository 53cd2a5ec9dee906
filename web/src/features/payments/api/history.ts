import type { PaymentHistoryItem } from '@app/common/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/** GET /api/payments/history: the signed-in student's own payments, newest first. */
export const usePaymentHistory = () =>
  useQuery({ queryKey: paymentKeys.history, queryFn: () => api<PaymentHistoryItem[]>('/api/payments/history') });
