import type { Course } from '@app/common/schemas/courses';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The courses a visitor may choose: GET /api/courses answers the active ones only. */
export const courseOptionsQuery = queryOptions({
  queryKey: ['courses', 'public'],
  queryFn: () => api<Course[]>('/api/courses'),
  staleTime: 5 * 60_000,
});
