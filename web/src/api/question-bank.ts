import type { BankListParams, BankListResponse, BankQuestion, DrawPreviewBody } from '@app/common/schemas/question-bank';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// The question bank list and the random draw: read by the bank's screens and the exam builder.

export const bankKeys = { all: ['question-bank'] as const, list: (p: BankListParams) => ['question-bank', 'list', p] as const };

export const bankSearch = (p: BankListParams) =>
  new URLSearchParams(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const useBankQuestions = (params: BankListParams) =>
  useQuery({
    queryKey: bankKeys.list(params),
    queryFn: ({ signal }) => api<BankListResponse>(`/api/question-bank/questions?${bankSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** "Draw N questions": a random pick of the bank, nothing saved. */
export const useBankDraw = () =>
  useMutation({ mutationFn: (body: DrawPreviewBody) => api<BankQuestion[]>('/api/question-bank/draw', { method: 'POST', body }) });

export const DIFFICULTY_OPTIONS = [
  { value: '', label: 'Any difficulty' },
  ...[1, 2, 3, 4, 5].map((d) => ({ value: String(d), label: `${d}${d === 1 ? ' (easy)' : d === 5 ? ' (hard)' : ''}` })),
];
