import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt, SaveAnswersBody, SaveAnswersResponse } from '@app/common/schemas/exam-attempt';
import type { SubmitBody, SubmitResponse } from '@app/common/schemas/submissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AnswerMap } from '../answers.ts';

/** GET /api/exams/{examId} as a student: the questions without answers, and where the caller's attempt stands. */
export const useStudentExam = (examId: string) =>
  useQuery({
    queryKey: ['exams', 'take', examId],
    queryFn: () => api<ExamStudent>(`/api/exams/${examId}`),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** POST /api/exams/{examId}/attempt: starts or resumes; 409 'Already Attempted' once submitted. */
export const startAttempt = (examId: string) => api<Attempt>(`/api/exams/${examId}/attempt`, { method: 'POST' });

/**
 * PUT /api/exams/{examId}/attempt/answers: merged into what the server has saved, with the place in the
 * paper the screen sends beside them (the question on screen, and after a lost connection the rest).
 */
export const saveAnswers = (examId: string, answers: AnswerMap, place: Omit<SaveAnswersBody, 'answers'> = {}) =>
  api<SaveAnswersResponse>(`/api/exams/${examId}/attempt/answers`, { method: 'PUT', body: { answers, ...place } });

/**
 * The same PUT with the review flags, the seconds per question and the question the student is on (no
 * answers): kept beside the answers; each part is optional.
 */
export const saveProgress = (
  examId: string,
  progress: { review?: string[]; timeSpent?: Record<string, number>; currentQuestion?: string },
) => api<SaveAnswersResponse>(`/api/exams/${examId}/attempt/answers`, { method: 'PUT', body: progress });

/** POST /api/submissions: closes the attempt; the answer carries the result for an MCQ-only exam. */
export function useSubmitExam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitBody) => api<SubmitResponse>('/api/submissions', { method: 'POST', body }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['student'] });
      qc.invalidateQueries({ queryKey: ['exams'] });
    },
  });
}
