import type { Centre } from '@app/common/schemas/centres';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/centres: the institute's centres (footer, home page, admission request, payment help box). */
export const centresQuery = queryOptions({
  queryKey: ['centres'],
  queryFn: () => api<Centre[]>('/api/centres'),
  staleTime: 60 * 60_000,
});
export const useCentres = () => useQuery(centresQuery);
