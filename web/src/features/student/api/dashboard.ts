import type { StudentAdmission } from '@app/common/schemas/admissions';
import type { AvailableExam } from '@app/common/schemas/exams';
import type { StudentResult } from '@app/common/schemas/submissions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/exams/student/available: active exams with whether the caller already attempted them. */
export const useAvailableExams = () =>
  useQuery({ queryKey: ['student', 'available-exams'], queryFn: () => api<AvailableExam[]>('/api/exams/student/available') });

/** GET /api/results/student (same cache entry as the results page). */
export const useMyResults = () =>
  useQuery({ queryKey: ['student', 'results'], queryFn: () => api<StudentResult[]>('/api/results/student') });

/** GET /api/admissions/student: the caller's admission record; 404 when there is none (shown as such, not as an error). */
export const useMyAdmission = () =>
  useQuery({ queryKey: ['admissions', 'student'], queryFn: () => api<StudentAdmission>('/api/admissions/student') });
