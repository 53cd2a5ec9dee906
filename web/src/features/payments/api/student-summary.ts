import type { StudentAdmission } from '@app/common/schemas/admissions';
import type { PaymentSummary } from '@app/common/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/** GET /api/payments/student: fees, paid, pending and the installment schedule (404 without an approved admission). */
export const usePaymentSummary = () =>
  useQuery({ queryKey: paymentKeys.studentSummary, queryFn: () => api<PaymentSummary>('/api/payments/student') });

/** GET /api/admissions/student: the caller's admission record (same cache entry as the admission page). */
export const useAdmissionForPayment = () =>
  useQuery({ queryKey: ['admissions', 'student'], queryFn: () => api<StudentAdmission>('/api/admissions/student') });
