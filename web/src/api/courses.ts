import type { Course } from '@app/common/schemas/courses';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// Every cached course list starts with 'courses' (the admin table, the public list, the dashboard):
// after any change they all refetch, so a deactivated course leaves the public site at once.
export const courseKeys = {
  all: ['courses'] as const,
  active: ['courses', 'public'] as const,
  admin: ['courses', 'admin'] as const,
};

/**
 * GET /api/courses: the active courses, for visitors and students alike (the home page list, the
 * admission request's course choice, the exam form's course selector, the fee payment cards).
 */
export const activeCoursesQuery = queryOptions({
  queryKey: courseKeys.active,
  queryFn: () => api<Course[]>('/api/courses'),
  staleTime: 5 * 60_000,
});
export const useActiveCourses = () => useQuery(activeCoursesQuery);

/** GET /api/courses/admin: every course, active or not (the courses page, the admin dashboard). */
export const adminCoursesQuery = queryOptions({
  queryKey: courseKeys.admin,
  queryFn: () => api<Course[]>('/api/courses/admin'),
});
export const useAdminCourses = () => useQuery(adminCoursesQuery);

export const invalidateCourses = (qc: QueryClient) => qc.invalidateQueries({ queryKey: courseKeys.all });
