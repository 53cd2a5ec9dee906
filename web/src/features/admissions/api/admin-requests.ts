import type { AdmissionRequest, AdmissionStatus, ApproveAdmissionAnswer, RejectAdmissionAnswer } from '@app/common/schemas/admissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminStats } from '../../../api/admin-stats.ts';
import { api } from '../../../lib/api-client.ts';

// Admin calls of docs/product.md section 7 for admission requests. Every change refreshes the lists, the
// dashboard counts and the student list (an approval creates a student).

export const admissionListQuery = (status: AdmissionStatus) =>
  queryOptions({
    queryKey: ['admission-requests', 'list', status],
    queryFn: () => api<{ requests: AdmissionRequest[] }>(`/api/admission-requests/admin?status=${status}`).then((d) => d.requests),
  });

export const useAdmissionRequests = (status: AdmissionStatus) => useQuery(admissionListQuery(status));

export const admissionRequestQuery = (id: string) =>
  queryOptions({
    queryKey: ['admission-requests', 'one', id],
    queryFn: () => api<{ request: AdmissionRequest }>(`/api/admission-requests/admin/${encodeURIComponent(id)}`).then((d) => d.request),
  });

export const useAdmissionRequest = (id: string) => useQuery(admissionRequestQuery(id));

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admission-requests'] }),
      invalidateAdminStats(queryClient),
      queryClient.invalidateQueries({ queryKey: ['students'] }),
      queryClient.invalidateQueries({ queryKey: ['batches'] }),
    ]);
}

/** noteIsForApplicant: the notes are a message to the applicant (mailed, shown on the status lookup); else internal. */
type Decision = { id: string; adminNotes?: string | null; noteIsForApplicant?: boolean; batch?: string | null };

export function useApproveAdmission() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, adminNotes, noteIsForApplicant = false, batch }: Decision) =>
      api<ApproveAdmissionAnswer>(`/api/admission-requests/admin/${encodeURIComponent(id)}/approve`, {
        method: 'PATCH',
        body: { adminNotes: adminNotes || null, noteIsForApplicant, batch: batch || null },
      }),
    onSettled: refresh,
  });
}

export function useRejectAdmission() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, adminNotes, noteIsForApplicant = false }: Decision) =>
      api<RejectAdmissionAnswer>(`/api/admission-requests/admin/${encodeURIComponent(id)}/reject`, {
        method: 'PATCH',
        body: { adminNotes: adminNotes || null, noteIsForApplicant },
      }),
    onSettled: refresh,
  });
}

export function useDeleteAdmission() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/admission-requests/admin/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
