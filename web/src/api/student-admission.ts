import type { StudentAdmission } from '@app/common/schemas/admissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/**
 * GET /api/admissions/student: the signed-in student's own admission record, 404 when there is none
 * (the dashboard's enrolment card, the admission page, the course payment page share this entry).
 */
export const studentAdmissionQuery = queryOptions({
  queryKey: ['admissions', 'student'],
  queryFn: () => api<StudentAdmission>('/api/admissions/student'),
});
export const useStudentAdmission = () => useQuery(studentAdmissionQuery);
