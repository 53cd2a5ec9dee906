import { useQuery } from '@tanstack/react-query';
import { courseOptionsQuery } from './course-options-query.ts';

export { courseOptionsQuery };

export const useCourseOptions = () => useQuery(courseOptionsQuery);
