import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateCourses } from '../../../api/courses.ts';

/** Permanent removal: DELETE /api/courses/{id}/permanent. */
export const deleteCourse = (id: string) => api<{ message: string }>(`/api/courses/${id}/permanent`, { method: 'DELETE' });

export function useDeleteCourse() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCourse, onSettled: () => invalidateCourses(qc) });
}
