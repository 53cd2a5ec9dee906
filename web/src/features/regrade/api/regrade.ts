import type { ExamAdmin } from '@app/common/schemas/exam-views';
import type { ObjectionGroup, RegradeBody, RegradeDecision, RegradeResult } from '@app/common/schemas/regrade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The admin's objections, key decisions and regrade of one exam (docs/product-regrade.md).

const key = (examId: string) => ['regrade', examId] as const;

/** GET /api/exams/{id} as the admin sees it: the questions with their keys, and the objection window. */
export const useRegradeExam = (examId: string) =>
  useQuery({ queryKey: [...key(examId), 'exam'], queryFn: () => api<ExamAdmin>(`/api/exams/${examId}`) });

/** GET /api/exams/{id}/objections: per question with objections, its count and reasons. */
export const useObjectionGroups = (examId: string) =>
  useQuery({ queryKey: [...key(examId), 'objections'], queryFn: () => api<ObjectionGroup[]>(`/api/exams/${examId}/objections`) });

/** GET /api/exams/{id}/regrade: each MCQ's current decision (keep when never decided). */
export const useDecisions = (examId: string) =>
  useQuery({ queryKey: [...key(examId), 'decisions'], queryFn: () => api<RegradeDecision[]>(`/api/exams/${examId}/regrade`) });

/** PATCH /api/exams/{id} { objectionWindow }: sets the window (null removes it). */
export function useSetObjectionWindow(examId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (objectionWindow: { opensAt: string; closesAt: string } | null) =>
      api<ExamAdmin>(`/api/exams/${examId}`, { method: 'PATCH', body: { objectionWindow } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(examId) }),
  });
}

/** POST /api/exams/{id}/regrade: a preview (dryRun) changes nothing; applying refreshes every view of the exam. */
export function useRegrade(examId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegradeBody) => api<RegradeResult>(`/api/exams/${examId}/regrade`, { method: 'POST', body, timeoutMs: 60_000 }),
    onSuccess: (result) => {
      if (!result.dryRun) return client.invalidateQueries();
    },
  });
}
