import type { Course } from '@app/common/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCourses } from '../../../api/courses.ts';

/** Deactivate is the spec's soft delete (DELETE /api/courses/{id}); Restore is PATCH .../restore. */
export const setCourseActive = ({ id, isActive }: { id: string; isActive: boolean }) =>
  isActive ? api<Course>(`/api/courses/${id}/restore`, { method: 'PATCH' }) : api<Course>(`/api/courses/${id}`, { method: 'DELETE' });

export function useSetCourseActive() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setCourseActive, onSettled: () => invalidateCourses(qc) });
}
