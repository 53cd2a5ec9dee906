import type { QueryClient } from '@tanstack/react-query';

// Every cached course list starts with 'courses' (the admin table, the public home page list, the
// dashboard): after any change they all refetch, so a deactivated course leaves the public site at once.
export const invalidateCourses = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['courses'] });
