import { areMarksVisible } from '@app/common/rules/publication';
import { resultStats } from '@app/common/rules/result-stats';
import type { StudentResult } from '@app/common/schemas/submissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/results/student: the caller's results (results page, student dashboard); marks fields null until published. */
export const studentResultsQuery = queryOptions({
  queryKey: ['student', 'results'],
  queryFn: () => api<StudentResult[]>('/api/results/student'),
});
export const useStudentResults = () => useQuery(studentResultsQuery);

/**
 * Whether a result shows its marks: the publication rule (common/src/rules/publication.ts), and the marks the
 * server sent (null until then).
 */
export const isPublished = (r: StudentResult) => areMarksVisible(r, r) && r.percentage !== null;

/** Average and best score over the published results only (N/A when there are none). */
export const publishedResultStats = (list: StudentResult[]) =>
  resultStats(list.map((r) => (isPublished(r) ? r : { ...r, percentage: null })));
