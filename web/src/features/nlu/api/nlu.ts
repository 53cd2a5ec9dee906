import type {
  NluCalendar,
  NluCalendarBody,
  NluCallBackBody,
  NluCutoffList,
  NluImportResult,
  NluPrediction,
  NluSource,
} from '@app/common/schemas/nlu';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The NLU counselling helper's calls (/api/nlu, docs/product-admissions-desk.md, "NLU counselling helper").
// Every key starts with 'nlu': an import or a delete refreshes the admin's list, the source line and any
// prediction on screen.

export type PredictParams = { rank: number; category: string; domicile?: string };

const searchOf = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

/** GET /api/nlu/source: the years and rounds entered and the page's source line (rendered on the server). */
export const nluSourceQuery = queryOptions({ queryKey: ['nlu', 'source'], queryFn: () => api<NluSource>('/api/nlu/source') });
export const useNluSource = () => useQuery(nluSourceQuery);

/** GET /api/nlu/predict: asked only once the visitor sent the form. */
export const useNluPrediction = (params: PredictParams | null) =>
  useQuery({
    queryKey: ['nlu', 'predict', params],
    queryFn: ({ signal }) => api<NluPrediction[]>(`/api/nlu/predict?${searchOf(params ?? {})}`, { signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

/** POST /api/public/nlu/call-back. */
export const useNluCallBack = () =>
  useMutation({
    mutationFn: (body: NluCallBackBody) => api<{ message: string }>('/api/public/nlu/call-back', { method: 'POST', body }),
  });

/** GET /api/nlu/cutoffs: the admin's list, one (year, round) or all. */
export const useNluCutoffs = (filter: { year?: number; round?: string } | null) =>
  useQuery({
    queryKey: ['nlu', 'cutoffs', filter],
    queryFn: ({ signal }) => api<NluCutoffList>(`/api/nlu/cutoffs?${searchOf(filter ?? {})}`, { signal }),
    enabled: filter !== null,
  });

/** POST /api/nlu/cutoffs/import: the CSV as multipart `file`; a dry run checks every row and changes nothing. */
export function uploadCutoffs(file: File, dryRun: boolean): Promise<NluImportResult> {
  const form = new FormData();
  form.append('file', file);
  return api<NluImportResult>(`/api/nlu/cutoffs/import${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body: form });
}

/** The round key the admin screen's delete confirmation passes ("2025\u0000Round 1"). */
export const roundKey = (r: { year: number; round: string }) => `${r.year}\u0000${r.round}`;

/** DELETE /api/nlu/cutoffs?year=&round=, called with roundKey. */
export const useDeleteRound = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => {
      const [year, round] = key.split('\u0000');
      return api<{ deleted: number; message: string }>(`/api/nlu/cutoffs?${searchOf({ year, round })}`, { method: 'DELETE' });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['nlu'] }),
  });
};

/** GET /api/nlu/calendar: the counselling rounds' dates (rendered on the server with the page). */
export const nluCalendarQuery = queryOptions({ queryKey: ['nlu', 'calendar'], queryFn: () => api<NluCalendar>('/api/nlu/calendar') });
export const useNluCalendar = () => useQuery(nluCalendarQuery);

/** PUT /api/nlu/calendar: the whole list. */
export const useSaveCalendar = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NluCalendarBody) => api<NluCalendar>('/api/nlu/calendar', { method: 'PUT', body }),
    onSuccess: (answer) => qc.setQueryData(nluCalendarQuery.queryKey, answer),
  });
};
