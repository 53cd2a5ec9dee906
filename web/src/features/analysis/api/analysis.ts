import type { Analysis, Bookmark, BookmarkBody, MeritList, Review } from '@app/common/schemas/analysis';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/submissions/{id}/analysis: 409 until the exam's results are published. */
export const analysisQuery = (id: string) =>
  queryOptions({ queryKey: ['analysis', id], queryFn: () => api<Analysis>(`/api/submissions/${id}/analysis`), retry: false });
export const useAnalysis = (id: string) => useQuery(analysisQuery(id));

/** GET /api/submissions/{id}/review: 409 before publication or when the solutions are never released. */
export const useReview = (id: string) =>
  useQuery({ queryKey: ['review', id], queryFn: () => api<Review>(`/api/submissions/${id}/review`), retry: false });

const bookmarksKey = ['bookmarks'] as const;
/** GET /api/bookmarks: the student's revision list, newest first. */
export const useBookmarks = () => useQuery({ queryKey: bookmarksKey, queryFn: () => api<Bookmark[]>('/api/bookmarks') });

/** POST /api/bookmarks and DELETE /api/bookmarks/{questionId}; both refresh the list and the reviews. */
export function useToggleBookmark() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: bookmarksKey }), client.invalidateQueries({ queryKey: ['review'] })]);
  return useMutation({
    mutationFn: ({ body, remove }: { body: BookmarkBody; remove: boolean }) =>
      remove
        ? api<{ message: string }>(`/api/bookmarks/${body.questionId}`, { method: 'DELETE' })
        : api<{ message: string }>('/api/bookmarks', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** GET /api/exams/{id}/merit-list (admin), narrowed to one centre when given. */
export const useMeritList = (examId: string, centre: string) =>
  useQuery({
    queryKey: ['merit-list', examId, centre],
    queryFn: () => api<MeritList>(`/api/exams/${examId}/merit-list${centre ? `?centre=${encodeURIComponent(centre)}` : ''}`),
  });

/** GET /api/exams/{id}/item-analysis (admin), shared with the regrade screen. */
export { useItemAnalysis } from '../../../api/item-analysis.ts';
