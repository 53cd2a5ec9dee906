import type { ChildOverview, ParentChild, ParentPreferences } from '@app/common/schemas/parents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';

// The parent's own calls (docs/product-parents.md "The parent's area"): every one answers only about the
// parent's own children; another student's id answers 404.

export const parentKeys = {
  children: ['parent', 'children'] as const,
  overview: (id: string) => ['parent', 'children', id, 'overview'] as const,
  preferences: ['parent', 'preferences'] as const,
};

/** GET /api/parent/children: the parent's linked children. */
export const useChildren = () => useQuery({ queryKey: parentKeys.children, queryFn: () => api<ParentChild[]>('/api/parent/children') });

/** GET /api/parent/children/{id}/overview: attendance, exams, fees and notices of one child. */
export const useChildOverview = (id: string | null) =>
  useQuery({
    queryKey: parentKeys.overview(id ?? ''),
    queryFn: () => api<ChildOverview>(`/api/parent/children/${encodeURIComponent(id ?? '')}/overview`),
    enabled: id !== null,
  });

/** GET /api/parent/children/{id}/receipts/{paymentId}.pdf: the receipt the student downloads, saved under the server's name. */
export const downloadChildReceipt = (childId: string, paymentId: string) =>
  downloadFile(`/api/parent/children/${encodeURIComponent(childId)}/receipts/${encodeURIComponent(paymentId)}.pdf`, {
    fallbackName: 'receipt.pdf',
    failure: 'Could not download the receipt. Please try again.',
  });

/** GET /api/parent/preferences: the channels of each alert kind. */
export const usePreferences = () =>
  useQuery({ queryKey: parentKeys.preferences, queryFn: () => api<ParentPreferences>('/api/parent/preferences') });

/** PUT /api/parent/preferences: the whole grid; the answer is what was stored. */
export const useSavePreferences = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentPreferences) => api<ParentPreferences>('/api/parent/preferences', { method: 'PUT', body }),
    onSuccess: (stored) => qc.setQueryData(parentKeys.preferences, stored),
  });
};

/** POST /api/parent/password: a parent sets (or changes) their password; the answer's fresh token replaces this session's. */
export const useSetPassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword?: string; newPassword: string }) =>
      api<{ message?: string; token?: string }>('/api/parent/password', { method: 'POST', body }),
  });
