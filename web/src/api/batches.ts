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

/** `enabled: false` for a role without `batches.view`: the page then never asks (docs/product-staff.md). */
export const useBatches = (params: BatchFilters = {}, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...batchListQuery(params), enabled });
