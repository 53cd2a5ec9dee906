import type { QueryClient } from '@tanstack/react-query';

// Every cached announcement list starts with 'announcements' (this table, the home page's latest, the
// dashboards): after any change they all refetch.
export const invalidateAnnouncements = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['announcements'] });
