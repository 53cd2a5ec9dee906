import type { Announcement, announcementBody } from '@app/common/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateAnnouncements } from './invalidate.ts';

export type AnnouncementOutput = z.output<typeof announcementBody>;

/** POST /api/announcements for a new one, PUT /api/announcements/{id} for an edit (dates go as ISO instants). */
export const saveAnnouncement = ({ id, body }: { id?: string; body: AnnouncementOutput }) =>
  id
    ? api<Announcement>(`/api/announcements/${id}`, { method: 'PUT', body })
    : api<Announcement>('/api/announcements', { method: 'POST', body });

export function useSaveAnnouncement() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveAnnouncement, onSettled: () => invalidateAnnouncements(qc) });
}
