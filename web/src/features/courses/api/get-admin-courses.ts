import type { Course } from '@app/common/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every course, active or not: GET /api/courses/admin (SPEC.md section 7). */
export const adminCoursesQuery = queryOptions({
  queryKey: ['courses', 'admin'],
  queryFn: () => api<Course[]>('/api/courses/admin'),
});

export const useAdminCourses = () => useQuery(adminCoursesQuery);
