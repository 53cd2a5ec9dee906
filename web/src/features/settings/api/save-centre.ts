import type { Centre, CentreContactBody } from '@app/common/schemas/centres';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { centresQuery } from '../../../api/centres.ts';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/centres/{id}: the centre's address and phone; every list of centres reads them again. */
export function useSaveCentre() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CentreContactBody }) => api<Centre>(`/api/centres/${id}`, { method: 'PUT', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: centresQuery.queryKey }),
  });
}
