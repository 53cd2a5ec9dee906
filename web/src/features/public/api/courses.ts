import type { Course } from '@app/common/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Active courses, public (SPEC.md section 7: GET /api/courses). */
export const coursesQuery = queryOptions({
  queryKey: ['courses', 'public'],
  queryFn: () => api<Course[]>('/api/courses'),
  staleTime: 5 * 60_000,
});

export const useCourses = () => useQuery(coursesQuery);
