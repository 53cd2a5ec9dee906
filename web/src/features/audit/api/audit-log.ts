import type { AuditEntity, AuditList } from '@app/common/schemas/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AuditFilters = { entity: AuditEntity | ''; actorId: string; page: number };

/** GET /api/audit: one page of the audit trail, newest first (admins only). */
export const useAuditLog = ({ entity, actorId, page }: AuditFilters) => {
  const query = new URLSearchParams({ page: String(page) });
  if (entity) query.set('entity', entity);
  if (actorId) query.set('actorId', actorId);
  return useQuery({
    queryKey: ['audit', { entity, actorId, page }],
    queryFn: () => api<AuditList>(`/api/audit?${query}`),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
};
