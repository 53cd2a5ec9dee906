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
 * Whether a result shows its marks: its exam's results are published and it has a percentage (the server
 * sends the marks as null until then; docs/product.md section 4). The one form of the rule in the browser.
 */
export const isPublished = (r: StudentResult) => r.resultsPublished && r.percentage !== null;

/** Average and best score over the published results only (N/A when there are none). */
export const publishedResultStats = (list: StudentResult[]) =>
  resultStats(list.map((r) => (isPublished(r) ? r : { ...r, percentage: null })));
