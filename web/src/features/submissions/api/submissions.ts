import type {
  AdminSubmissionStats,
  AdminSubmissionsPage,
  AdminSubmissionsQuery,
  EvaluateBody,
  PublishResponse,
  SubmissionDetail,
} from '@app/common/schemas/submissions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const keys = {
  all: ['submissions'] as const,
  stats: ['submissions', 'stats'] as const,
  list: (q: AdminSubmissionsQuery) => ['submissions', 'list', q] as const,
  detail: (id: string) => ['submissions', 'detail', id] as const,
};

/** GET /api/submissions/admin: tiles, Course Performance Overview and Results Management. */
export const useSubmissionStats = () =>
  useQuery({ queryKey: keys.stats, queryFn: () => api<AdminSubmissionStats>('/api/submissions/admin/stats') });

/** GET /api/submissions/admin/all: one page, filtered and sorted by the server. */
export function useAdminSubmissions(query: AdminSubmissionsQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== null) params.set(k, String(v));
  return useQuery({
    queryKey: keys.list(query),
    queryFn: () => api<AdminSubmissionsPage>(`/api/submissions/admin/all?${params}`),
    placeholderData: keepPreviousData,
  });
}

export const useSubmission = (id: string | null) =>
  useQuery({ queryKey: keys.detail(id ?? ''), queryFn: () => api<SubmissionDetail>(`/api/submissions/${id}`), enabled: Boolean(id) });

function useRelist() {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: keys.all });
    qc.invalidateQueries({ queryKey: ['exams'] });
  };
}

/** PATCH /api/submissions/{id}/evaluate; saving re-lists the submissions (docs/product.md section 4). */
export function useEvaluate() {
  const relist = useRelist();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EvaluateBody }) =>
      api<{ message: string; submission: SubmissionDetail }>(`/api/submissions/${id}/evaluate`, { method: 'PATCH', body }),
    onSuccess: relist,
  });
}

/** PATCH /api/submissions/admin/publish-results/{examId} or /unpublish-results/{examId}. */
export function usePublish() {
  const relist = useRelist();
  return useMutation({
    mutationFn: ({ examId, publish }: { examId: string; publish: boolean }) =>
      api<PublishResponse>(`/api/submissions/admin/${publish ? 'publish' : 'unpublish'}-results/${examId}`, { method: 'PATCH' }),
    onSuccess: relist,
  });
}
