import type { ExamOverride, OverrideBody } from '@app/common/schemas/exam-schedule';
import type { StudentListAnswer } from '@app/common/schemas/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const overrideKeys = (examId: string) => ['exams', 'overrides', examId] as const;

/** GET /api/exams/{id}/overrides: the exam's exceptions, newest first. */
export const useExamOverrides = (examId: string) =>
  useQuery({ queryKey: overrideKeys(examId), queryFn: () => api<ExamOverride[]>(`/api/exams/${examId}/overrides`) });

/** POST /api/exams/{id}/overrides: extra minutes or a reopened attempt for one student. */
export function useCreateOverride(examId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OverrideBody) => api<ExamOverride>(`/api/exams/${examId}/overrides`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['exams'] }),
  });
}

/** GET /api/users?role=student&search=: the students an admin picks from (first 20 matches). */
export const useStudentSearch = (search: string) =>
  useQuery({
    queryKey: ['exams', 'student-search', search],
    queryFn: ({ signal }) =>
      api<StudentListAnswer>(`/api/users?role=student&limit=20&search=${encodeURIComponent(search)}`, { signal }).then((r) => r.users),
    enabled: search.trim().length >= 2,
  });
