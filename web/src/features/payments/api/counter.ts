import type { Collections, CounterPaymentBody, CounterStudent } from '@app/common/schemas/collections';
import type { AdminPayment } from '@app/common/schemas/payments-admin';
import type { StudentListAnswer } from '@app/common/schemas/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePayments, paymentKeys } from './keys.ts';

/** Students matching a name, e-mail or registration number (the counter form's picker). */
export const useStudentSearch = (search: string) =>
  useQuery({
    queryKey: ['students', 'pick', search],
    queryFn: ({ signal }) =>
      api<StudentListAnswer>(`/api/users?role=student&limit=8&search=${encodeURIComponent(search)}`, { signal }).then((r) => r.users),
    enabled: search.trim().length >= 2,
    placeholderData: (previous) => previous,
  });

/**
 * GET /api/payments/counter/students/{id}: once a student is chosen, what they owe, the next installment,
 * the centre to preselect and their online orders still open (the server's fee figures).
 */
export const useCounterStudent = (studentId: string | null) =>
  useQuery({
    queryKey: [...paymentKeys.all, 'counter-student', studentId] as const,
    queryFn: ({ signal }) => api<CounterStudent>(`/api/payments/counter/students/${encodeURIComponent(studentId ?? '')}`, { signal }),
    enabled: studentId !== null,
    retry: false,
  });

/** POST /api/payments/counter: money received at a centre, completed at once. */
export function useRecordCounterPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterPaymentBody) => api<AdminPayment>('/api/payments/counter', { method: 'POST', body }),
    onSettled: () => invalidatePayments(qc),
  });
}

export type CollectionFilters = { from: string; to: string; centre: string };
export const collectionsPath = (f: CollectionFilters, format?: 'csv' | 'pdf') => {
  const qs = new URLSearchParams({ from: f.from, to: f.to });
  if (f.centre) qs.set('centre', f.centre);
  if (format) qs.set('format', format);
  return `/api/payments/collections?${qs}`;
};

/** GET /api/payments/collections: totals per day, centre and method, and the payments. */
export const useCollections = (f: CollectionFilters) =>
  useQuery({
    queryKey: [...paymentKeys.all, 'collections', f] as const,
    queryFn: ({ signal }) => api<Collections>(collectionsPath(f), { signal }),
    placeholderData: keepPreviousData,
  });

/** POST /api/payments/{id}/bounce: a cheque that bounced is reversed. */
export function useBounceCheque() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<AdminPayment>(`/api/payments/${encodeURIComponent(id)}/bounce`, { method: 'POST', body: reason ? { reason } : {} }),
    onSettled: () => invalidatePayments(qc),
  });
}
