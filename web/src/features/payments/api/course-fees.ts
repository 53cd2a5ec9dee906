import type { CourseFee } from '@app/common/schemas/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/**
 * GET /api/payments/fees: the active courses with what the student owes for each, as the server
 * decides it (fee, paid, discount, due). The page shows these figures and never prices a course.
 */
export const courseFeesQuery = queryOptions({
  queryKey: paymentKeys.courseFees,
  queryFn: () => api<CourseFee[]>('/api/payments/fees'),
});

export const useCourseFees = () => useQuery(courseFeesQuery);
