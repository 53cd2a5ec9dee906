import type { PublicInstitute } from '@app/common/schemas/settings';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/public/institute: the institute's contacts and social links (footer, payment help box). */
export const publicInstituteQuery = queryOptions({
  queryKey: ['institute', 'public'],
  queryFn: () => api<PublicInstitute>('/api/public/institute'),
  staleTime: 10 * 60_000,
});
export const usePublicInstitute = () => useQuery(publicInstituteQuery);

/** After the admin saves the profile: every page's footer reads it again. */
export const invalidateInstitute = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['institute'] });
