import type { AdminStats } from '@app/common/schemas/admissions';
import type { Course } from '@app/common/schemas/courses';
import type { ExamListItem } from '@app/common/schemas/exams';
import type { StudentListAnswer } from '@app/common/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The admin dashboard's sources (SPEC.md section 2): each loads, fails and retries on its own.

export const DASHBOARD_LIST_SIZE = 5;

export const adminStatsQuery = queryOptions({ queryKey: ['admin-stats'], queryFn: () => api<AdminStats>('/api/stats/admin') });
export const useAdminStats = () => useQuery(adminStatsQuery);

export const useDashboardExams = () => useQuery({ queryKey: ['exams', 'list'], queryFn: () => api<ExamListItem[]>('/api/exams') });

export const useDashboardCourses = () => useQuery({ queryKey: ['courses', 'admin'], queryFn: () => api<Course[]>('/api/courses/admin') });

/** The newest students, first few only. */
export const useDashboardStudents = () =>
  useQuery({
    queryKey: ['students', 'list', 'dashboard'],
    queryFn: () => api<StudentListAnswer>(`/api/users?role=student&sort=joinDate&order=desc&limit=${DASHBOARD_LIST_SIZE}`),
  });
