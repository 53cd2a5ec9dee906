import type { Announcement } from '@app/common/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAnnouncements } from './invalidate.ts';

/** Deactivate is the spec's soft delete (DELETE /api/announcements/{id}); Restore is PATCH .../restore. */
export const setAnnouncementActive = ({ id, isActive }: { id: string; isActive: boolean }) =>
  isActive
    ? api<Announcement>(`/api/announcements/${id}/restore`, { method: 'PATCH' })
    : api<Announcement>(`/api/announcements/${id}`, { method: 'DELETE' });

export function useSetAnnouncementActive() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setAnnouncementActive, onSettled: () => invalidateAnnouncements(qc) });
}
