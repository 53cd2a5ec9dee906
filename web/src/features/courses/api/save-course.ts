import type { Course, courseBody } from '@app/common/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateCourses } from '../../../api/courses.ts';

export type CourseOutput = z.output<typeof courseBody>;

/** POST /api/courses for a new course, PUT /api/courses/{id} for an edit. */
export const saveCourse = ({ id, body }: { id?: string; body: CourseOutput }) =>
  id ? api<Course>(`/api/courses/${id}`, { method: 'PUT', body }) : api<Course>('/api/courses', { method: 'POST', body });

export function useSaveCourse() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCourse, onSettled: () => invalidateCourses(qc) });
}
