import type { CreateStaffBody, StaffMember, UpdateStaffBody } from '@app/common/schemas/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffListQuery, useStaffList } from '../../api/staff.ts';
import { api } from '../../lib/api-client.ts';

// /admin/staff: staff accounts, their roles and centres (docs/product-staff.md).

const KEY = staffListQuery.queryKey;

export const useStaff = () => useStaffList();

type One = { message: string; staff: StaffMember };

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateStaff() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateStaffBody) => api<One>('/api/staff', { method: 'POST', body }), onSettled: refresh });
}

export function useUpdateStaff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateStaffBody & { id: string }) =>
      api<One>(`/api/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSettled: refresh,
  });
}

export function useDeleteStaff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/staff/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
