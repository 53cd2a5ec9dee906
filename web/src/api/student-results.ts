import type { StudentResult } from '@app/common/schemas/submissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/results/student: the caller's results (results page, student dashboard); marks fields null until published. */
export const studentResultsQuery = queryOptions({
  queryKey: ['student', 'results'],
  queryFn: () => api<StudentResult[]>('/api/results/student'),
});
export const useStudentResults = () => useQuery(studentResultsQuery);
