import type { ExamListItem } from '@app/common/schemas/exams';
import type { StudentListAnswer } from '@app/common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The admin dashboard's sources (SPEC.md section 2): each loads, fails and retries on its own.

export const DASHBOARD_LIST_SIZE = 5;

export const useDashboardExams = () => useQuery({ queryKey: ['exams', 'list'], queryFn: () => api<ExamListItem[]>('/api/exams') });

/** The newest students, first few only. */
export const useDashboardStudents = () =>
  useQuery({
    queryKey: ['students', 'list', 'dashboard'],
    queryFn: () => api<StudentListAnswer>(`/api/users?role=student&sort=joinDate&order=desc&limit=${DASHBOARD_LIST_SIZE}`),
  });
