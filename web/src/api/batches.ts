import type { Batch } from '@app/common/schemas/batches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// The batch list is read by the batches screens, the approval dialog and the student list.

export type BatchFilters = { centre?: string; course?: string; academicYear?: string; status?: 'active' | 'inactive' };

export const batchListQuery = (params: BatchFilters = {}) =>
  queryOptions({
    queryKey: ['batches', 'list', params],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]).toString();
      return api<{ batches: Batch[] }>(`/api/batches${qs ? `?${qs}` : ''}`, { signal }).then((r) => r.batches);
    },
  });

export const useBatches = (params: BatchFilters = {}) => useQuery(batchListQuery(params));
