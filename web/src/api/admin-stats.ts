import type { AdminStats } from '@app/common/schemas/admissions';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/stats/admin: the admin dashboard's counts and recent admissions. */
export const adminStatsQuery = queryOptions({ queryKey: ['admin-stats'], queryFn: () => api<AdminStats>('/api/stats/admin') });
export const useAdminStats = () => useQuery(adminStatsQuery);

/** After a change to students, admissions or payments the dashboard's counts refetch. */
export const invalidateAdminStats = (qc: QueryClient) => qc.invalidateQueries({ queryKey: adminStatsQuery.queryKey });
