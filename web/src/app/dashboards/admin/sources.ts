import { useQuery } from '@tanstack/react-query';
import { examsQuery } from '../../../features/exams/api/exams.ts';
import { studentListQuery } from '../../../features/students/api/students.ts';

// The admin dashboard's sources (docs/product.md section 2): each loads, fails and retries on its own.
// They are the exams and students features' own queries, so a change on those pages refreshes these.

export const DASHBOARD_LIST_SIZE = 5;

export const useDashboardExams = () => useQuery(examsQuery);

/** The newest students, first few only. */
export const useDashboardStudents = () => useQuery(studentListQuery({ sort: 'joinDate', order: 'desc', limit: DASHBOARD_LIST_SIZE }));
