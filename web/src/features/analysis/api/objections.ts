import type { MyObjections, Objection, ObjectionBody } from '@app/common/schemas/regrade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The student's objections to an exam's answer key (docs/product-regrade.md).

const mineKey = (examId: string) => ['objections', examId, 'mine'] as const;

/** GET /api/exams/{id}/objections/mine: the window, whether it is open, and the caller's objections. */
export const useMyObjections = (examId: string) =>
  useQuery({ queryKey: mineKey(examId), queryFn: () => api<MyObjections>(`/api/exams/${examId}/objections/mine`), enabled: !!examId });

/** POST /api/exams/{id}/objections; refreshes the student's list. */
export function useRaiseObjection(examId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ObjectionBody) => api<Objection>(`/api/exams/${examId}/objections`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: mineKey(examId) }),
  });
}
