import type { PaymentSummary } from '@app/common/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/** GET /api/payments/student: fees, paid, pending and the installment schedule (404 without an approved admission). */
export const usePaymentSummary = () =>
  useQuery({ queryKey: paymentKeys.studentSummary, queryFn: () => api<PaymentSummary>('/api/payments/student') });
