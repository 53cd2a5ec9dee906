import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAnnouncements } from './invalidate.ts';

/** Permanent removal: DELETE /api/announcements/{id}/permanent. */
export const deleteAnnouncement = (id: string) => api<{ message: string }>(`/api/announcements/${id}/permanent`, { method: 'DELETE' });

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAnnouncement, onSettled: () => invalidateAnnouncements(qc) });
}
