import type { Course } from '@app/common/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/courses: the active courses, the cards of the fee payment page (shares the public list's cache). */
export const payableCoursesQuery = queryOptions({
  queryKey: ['courses', 'public'],
  queryFn: () => api<Course[]>('/api/courses'),
  staleTime: 5 * 60_000,
});

export const usePayableCourses = () => useQuery(payableCoursesQuery);
