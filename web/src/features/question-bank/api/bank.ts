import type { BankDryRun, BankImportResult, BankQuestion, BankQuestionBody, BankQuestionPatch } from '@app/common/schemas/question-bank';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankKeys } from '../../../api/question-bank.ts';
import { api } from '../../../lib/api-client.ts';

export function useSaveBankQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BankQuestionBody | BankQuestionPatch }) =>
      id
        ? api<BankQuestion>(`/api/question-bank/questions/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<BankQuestion>('/api/question-bank/questions', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export function useDeleteBankQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/question-bank/questions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

const IMPORT_TIMEOUT_MS = 60_000;

/** The dry run of a file: nothing saved. */
export const useCheckImport = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<BankDryRun>('/api/question-bank/import?dryRun=true', { method: 'POST', body: form, timeoutMs: IMPORT_TIMEOUT_MS });
    },
  });

/** The real import: saves the rows the dry run marked ok. */
export function useImportFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<BankImportResult>('/api/question-bank/import', { method: 'POST', body: form, timeoutMs: IMPORT_TIMEOUT_MS });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
  });
}
