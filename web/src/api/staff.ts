import type { StaffMember } from '@app/common/schemas/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/staff (staff.manage): every staff account, read by the staff screen and by the desk's owner picker. */
export const staffListQuery = queryOptions({
  queryKey: ['staff'] as const,
  queryFn: () => api<{ staff: StaffMember[]; total: number }>('/api/staff'),
});
export const useStaffList = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...staffListQuery, enabled });
