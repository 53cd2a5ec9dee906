import type { AvailableExam } from '@app/common/schemas/exam-views';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/exams/student/available: active exams with whether the caller already attempted them. */
export const useAvailableExams = () =>
  useQuery({ queryKey: ['student', 'available-exams'], queryFn: () => api<AvailableExam[]>('/api/exams/student/available') });
