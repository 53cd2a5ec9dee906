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

/**
 * GET /api/centres/mine: the centres the signed-in staff member works with, by name: a centre manager's own,
 * everyone else's every centre (docs/product-staff.md). Every centre filter and picker of the back office
 * lists these, so nobody is offered a centre whose records they cannot see.
 */
export const myCentresQuery = queryOptions({
  queryKey: ['centres', 'mine'],
  queryFn: ({ signal }) => api<Centre[]>('/api/centres/mine', { signal }),
  staleTime: 60 * 60_000,
});
export const useMyCentres = () => useQuery(myCentresQuery);
