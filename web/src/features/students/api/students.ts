import type { User } from '@app/common/schemas/auth';
import type { StudentDetail, StudentListAnswer, StudentListParams } from '@app/common/schemas/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminStats } from '../../../api/admin-stats.ts';
import { api } from '../../../lib/api-client.ts';

/** The query string of GET /api/users and its CSV twin: blanks are left out, role is always student. */
export function studentListSearch(params: StudentListParams): string {
  const qs = new URLSearchParams({ role: 'student' });
  for (const [key, value] of Object.entries(params)) {
    if (key !== 'role' && value !== undefined && value !== null && value !== '') qs.set(key, String(value));
  }
  return qs.toString();
}

// Filtering, sorting and paging happen on the server (docs/product.md section 2): the page keeps the previous page on
// screen while the next one loads.
export const studentListQuery = (params: StudentListParams) =>
  queryOptions({
    queryKey: ['students', 'list', params],
    queryFn: ({ signal }) => api<StudentListAnswer>(`/api/users?${studentListSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useStudentList = (params: StudentListParams) => useQuery(studentListQuery(params));

export const studentQuery = (id: string) =>
  queryOptions({
    queryKey: ['students', 'one', id],
    queryFn: () => api<StudentDetail>(`/api/users/${encodeURIComponent(id)}`),
  });

export const useStudent = (id: string) => useQuery(studentQuery(id));

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['students'] }), invalidateAdminStats(queryClient)]);
}

export function useSetStudentActive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api<User>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive } }),
    onSettled: refresh,
  });
}

export function useResetStudentPassword() {
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string; emailSent: boolean }>(`/api/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST' }),
  });
}

export function useDeleteStudent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
