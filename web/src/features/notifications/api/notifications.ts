import type { AudienceInput, BroadcastInput, OutboxItem, Preferences, PreferencesInput } from '@app/common/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The notifications feature's calls (docs/product-notifications.md): the student's channels, the
// admin's announcement with its count, and the outbox.

const keys = {
  preferences: ['notifications', 'preferences'] as const,
  outbox: (filters: OutboxFilters) => ['notifications', 'outbox', filters] as const,
};

export const usePreferences = () =>
  useQuery({ queryKey: keys.preferences, queryFn: ({ signal }) => api<Preferences>('/api/notifications/preferences', { signal }) });

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesInput) => api<Preferences>('/api/notifications/preferences', { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(keys.preferences, saved),
  });
}

export const useBroadcastCount = () =>
  useMutation({
    mutationFn: (body: AudienceInput) =>
      api<{ recipients: number; unreachable: number }>('/api/notifications/broadcast/count', { method: 'POST', body }),
  });

export function useSendBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastInput) =>
      api<{ message: string; recipients: number }>('/api/notifications/broadcast', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['notifications', 'outbox'] }),
  });
}

export type OutboxFilters = { status?: string; channel?: string };
export type OutboxAnswer = { items: OutboxItem[]; counts: { pending: number; sent: number; failed: number; kept: number } };

export const useOutbox = (filters: OutboxFilters) =>
  useQuery({
    queryKey: keys.outbox(filters),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();
      return api<OutboxAnswer>(`/api/notifications/outbox${qs ? `?${qs}` : ''}`, { signal });
    },
    refetchInterval: 15_000,
  });

export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/notifications/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['notifications', 'outbox'] }),
  });
}
