import type { Announcement } from '@app/common/schemas/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every announcement, active or not, expired or not: GET /api/announcements/admin (docs/product.md section 7). */
export const adminAnnouncementsQuery = queryOptions({
  queryKey: ['announcements', 'admin'],
  queryFn: () => api<Announcement[]>('/api/announcements/admin'),
});

export const useAdminAnnouncements = () => useQuery(adminAnnouncementsQuery);
