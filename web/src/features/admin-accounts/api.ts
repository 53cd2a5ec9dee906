import type { AdminListAnswer } from '@app/common/schemas/users';
import type { User } from '@app/common/schemas/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

// The admins page: the same /api/users routes as the students', with an admin's id.

export const useAdmins = () => useQuery({ queryKey: ['admins'], queryFn: () => api<AdminListAnswer>('/api/users?role=admin') });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admins'] });
}

export function useSetAdminActive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api<User>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive } }),
    onSettled: refresh,
  });
}

export const useResetAdminPassword = () =>
  useMutation({
    mutationFn: (id: string) =>
      api<{ message: string; emailSent: boolean }>(`/api/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST' }),
  });

export function useDeleteAdmin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
