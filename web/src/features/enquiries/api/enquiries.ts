import type {
  ActivityBody,
  CreateEnquiryBody,
  EnquiryDetail,
  EnquiryListAnswer,
  EnquiryListQuery,
  EnquiryOwner,
  Funnel,
  UpdateEnquiryBody,
} from '@app/common/schemas/enquiries';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';

// The admissions desk's calls (/api/enquiries). Every write refreshes every enquiry read: the lists, the
// detail and the funnel (a stage change moves its counts).

/** The list's query as the screens hold it: a filter not chosen is blank or absent. */
export type DeskListParams = { [K in keyof EnquiryListQuery]?: EnquiryListQuery[K] | '' };

export const enquiryKeys = {
  all: ['enquiries'] as const,
  list: (params: DeskListParams) => ['enquiries', 'list', params] as const,
  one: (id: string) => ['enquiries', 'one', id] as const,
  funnel: (params: FunnelParams) => ['enquiries', 'funnel', params] as const,
  owners: (centre: string) => ['enquiries', 'owners', centre] as const,
};

/** The query string of a call, without the blank filters. */
export const searchOf = (params: Record<string, string | number | undefined | null>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
};

/** GET /api/enquiries: one page of the actor's centres' enquiries, newest first. */
export const useEnquiryList = (params: DeskListParams) =>
  useQuery({
    queryKey: enquiryKeys.list(params),
    queryFn: ({ signal }) => api<EnquiryListAnswer>(`/api/enquiries?${searchOf(params)}`, { signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/enquiries/{id}: the enquiry with its history. */
export const useEnquiry = (id: string) =>
  useQuery({
    queryKey: enquiryKeys.one(id),
    queryFn: ({ signal }) => api<EnquiryDetail>(`/api/enquiries/${encodeURIComponent(id)}`, { signal }),
  });

/** GET /api/enquiries/owners: who may own an enquiry of this centre (none asked for an enquiry without a centre). */
export const useEnquiryOwners = (centre: string | undefined) =>
  useQuery({
    queryKey: enquiryKeys.owners(centre ?? ''),
    queryFn: ({ signal }) =>
      api<{ owners: EnquiryOwner[] }>(`/api/enquiries/owners?${searchOf({ centre })}`, { signal }).then((r) => r.owners),
    enabled: Boolean(centre),
  });

export type SavedEnquiry = { _id: string; merged: boolean; message: string };

export function useCreateEnquiry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEnquiryBody) => api<SavedEnquiry>('/api/enquiries', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: enquiryKeys.all }),
  });
}

export function useUpdateEnquiry(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEnquiryBody) => api<EnquiryDetail>(`/api/enquiries/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: (detail) => {
      qc.setQueryData(enquiryKeys.one(id), detail);
      // Not awaited: the form remounts on the new detail (its key is the last activity), and a caller's
      // own onSuccess (the toast) runs only while it is mounted, so it must not wait for the other reads.
      void qc.invalidateQueries({ queryKey: enquiryKeys.all, predicate: (q) => q.queryKey[1] !== 'one' || q.queryKey[2] !== id });
    },
  });
}

/** The key of an enquiry's activity logging, for a button outside the form to show it busy. */
export const logActivityKey = (id: string) => ['enquiries', 'log', id] as const;

export function useLogActivity(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: logActivityKey(id),
    mutationFn: (body: ActivityBody) => api<EnquiryDetail>(`/api/enquiries/${encodeURIComponent(id)}/activities`, { method: 'POST', body }),
    onSuccess: (detail) => {
      qc.setQueryData(enquiryKeys.one(id), detail);
      // Not awaited: the form remounts on the new detail (its key is the last activity), and a caller's
      // own onSuccess (the toast) runs only while it is mounted, so it must not wait for the other reads.
      void qc.invalidateQueries({ queryKey: enquiryKeys.all, predicate: (q) => q.queryKey[1] !== 'one' || q.queryKey[2] !== id });
    },
  });
}

/** The funnel's filters: India's days from and to (both included), and the optional centre, source and owner. */
export type FunnelParams = { from: string; to: string; centre?: string; source?: string; owner?: string };

/** GET /api/enquiries/funnel: the enquiries created in the period, stage by stage (the dashboard reads it too). */
export const funnelQuery = (params: FunnelParams) =>
  queryOptions({
    queryKey: enquiryKeys.funnel(params),
    queryFn: ({ signal }) => api<Funnel>(`/api/enquiries/funnel?${searchOf(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useFunnel = (params: FunnelParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...funnelQuery(params), enabled });

/** GET /api/enquiries/funnel.csv: the same figures as a file. */
export const downloadFunnelCsv = (params: FunnelParams) =>
  downloadFile(`/api/enquiries/funnel.csv?${searchOf(params)}`, {
    fallbackName: `enquiry-funnel-${params.from}-to-${params.to}.csv`,
    failure: 'Could not download the funnel.',
  });
