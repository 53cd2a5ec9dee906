import { REQUEST_TIMEOUT_MS } from '@app/common/constants';
import type { ImportDryRun, ImportResult } from '@app/common/schemas/users';
import { api } from '../../../lib/api-client.ts';

// An import of many rows hashes a password per student, so it may take longer than the usual 10 s: up to a minute.
const IMPORT_TIMEOUT_MS = Math.max(60_000, REQUEST_TIMEOUT_MS);

/** Sends the sheet as multipart `file`; a dry run checks every row and changes nothing. */
export function uploadStudentSheet(file: File, dryRun: boolean): Promise<ImportDryRun | ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return api<ImportDryRun | ImportResult>(`/api/users/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: form,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}
