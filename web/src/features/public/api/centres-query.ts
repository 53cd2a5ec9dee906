import type { Centre } from '@app/common/schemas/centres';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// Apart from useCentres so a page can read the cached list without loading useQuery (issue 6 budget).
export const centresQuery = queryOptions({
  queryKey: ['centres'],
  queryFn: () => api<Centre[]>('/api/centres'),
  staleTime: 60 * 60_000,
});
