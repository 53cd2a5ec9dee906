import { HOME_ANNOUNCEMENTS } from '@app/common/constants';
import type { Announcement } from '@app/common/schemas/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';

/**
 * The latest announcements the caller may read (docs/product.md section 9: the home page shows 5). The audience
 * depends on who asks, so the signed-in user is part of the key.
 */
export const latestAnnouncementsQuery = (viewer: string) =>
  queryOptions({
    queryKey: ['announcements', 'latest', HOME_ANNOUNCEMENTS, viewer],
    queryFn: () => api<Announcement[]>(`/api/announcements?limit=${HOME_ANNOUNCEMENTS}`),
  });

export function useLatestAnnouncements() {
  const { user } = useAuth();
  return useQuery(latestAnnouncementsQuery(user?._id ?? 'visitor'));
}
