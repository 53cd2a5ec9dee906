import type { ExamBody } from '@app/common/schemas/exams';
import type { ExamAdmin, ExamListItem } from '@app/common/schemas/exam-views';
import type { ExamPreset } from '@app/common/schemas/exam-presets';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const examKeys = {
  all: ['exams'] as const,
  list: () => [...examKeys.all, 'list'] as const,
  detail: (id: string) => [...examKeys.all, 'detail', id] as const,
};

/** GET /api/exams (admin: every exam with its submission counts). */
export const examsQuery = queryOptions({
  queryKey: examKeys.list(),
  queryFn: () => api<ExamListItem[]>('/api/exams'),
});
export const useExams = () => useQuery(examsQuery);

/** GET /api/exams/{id} as an admin: the questions with their answers. */
export const useAdminExam = (id: string | null) =>
  useQuery({
    queryKey: examKeys.detail(id ?? ''),
    queryFn: () => api<ExamAdmin>(`/api/exams/${id}`),
    enabled: Boolean(id),
  });

/** GET /api/exam-presets: the papers an exam can start from. */
export const useExamPresets = () =>
  useQuery({ queryKey: ['exam-presets'], queryFn: () => api<ExamPreset[]>('/api/exam-presets'), staleTime: Number.POSITIVE_INFINITY });

function useInvalidateExams() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: examKeys.all });
}

export function useSaveExam() {
  const invalidate = useInvalidateExams();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ExamBody }) =>
      id ? api<ExamAdmin>(`/api/exams/${id}`, { method: 'PATCH', body }) : api<ExamAdmin>('/api/exams', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSetExamActive() {
  const invalidate = useInvalidateExams();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api<ExamAdmin>(`/api/exams/${id}`, { method: 'PATCH', body: { isActive } }),
    onSuccess: invalidate,
  });
}

export function useDeleteExam() {
  const invalidate = useInvalidateExams();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/exams/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
