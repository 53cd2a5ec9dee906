import type {
  DailyQuizCreateInput,
  DailyQuizResult,
  DailyQuizStaff,
  DailyQuizToday,
  Leaderboard,
  Streak,
} from '@app/common/schemas/daily-quiz';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The daily quiz's calls (/api/daily-quizzes, docs/product-daily-quiz.md). Every key starts with
// 'daily-quiz': a submission refreshes today's quiz, the streak and the leaderboard; a staff edit the list.

export const useTodayQuiz = () =>
  useQuery({
    queryKey: ['daily-quiz', 'today'],
    queryFn: ({ signal }) => api<DailyQuizToday>('/api/daily-quizzes/today', { signal }),
    retry: false,
  });
export const useStreak = () =>
  useQuery({ queryKey: ['daily-quiz', 'streak'], queryFn: ({ signal }) => api<Streak>('/api/daily-quizzes/streak', { signal }) });
export const useLeaderboard = (scope: 'batch' | 'centre', period: 'week' | 'month') =>
  useQuery({
    queryKey: ['daily-quiz', 'leaderboard', scope, period],
    queryFn: ({ signal }) => api<Leaderboard>(`/api/daily-quizzes/leaderboard?scope=${scope}&period=${period}`, { signal }),
  });

export function useSubmitQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; answers: Record<string, number | null>; timeTaken: number }) =>
      api<DailyQuizResult>(`/api/daily-quizzes/${v.id}/submit`, { method: 'POST', body: { answers: v.answers, timeTaken: v.timeTaken } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['daily-quiz'] }),
  });
}

export const useQuizList = () =>
  useQuery({ queryKey: ['daily-quiz', 'list'], queryFn: ({ signal }) => api<DailyQuizStaff[]>('/api/daily-quizzes', { signal }) });

export function useSaveQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: DailyQuizCreateInput }) =>
      v.id
        ? api<DailyQuizStaff>(`/api/daily-quizzes/${v.id}`, { method: 'PATCH', body: v.body })
        : api<DailyQuizStaff>('/api/daily-quizzes', { method: 'POST', body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['daily-quiz'] }),
  });
}

export function useDeleteQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/daily-quizzes/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['daily-quiz'] }),
  });
}
