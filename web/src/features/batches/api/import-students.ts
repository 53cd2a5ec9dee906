import { REQUEST_TIMEOUT_MS } from '@app/common/constants';
import type { ImportDryRun, ImportResult } from '@app/common/schemas/users';
import { ApiError } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';

// A multipart upload, which the JSON client does not send. An import of many rows hashes a password per
// student, so it may take longer than the usual 10 s: up to a minute.
const IMPORT_TIMEOUT_MS = Math.max(60_000, REQUEST_TIMEOUT_MS);

export async function uploadStudentSheet(file: File, dryRun: boolean): Promise<ImportDryRun | ImportResult> {
  const form = new FormData();
  form.append('file', file);
  const token = tokenStore.get();
  let res: Response;
  try {
    res = await fetch(`/api/users/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
      signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.', 'NETWORK');
  }
  const body = (await res.json().catch(() => null)) as { message?: string; code?: string; fields?: Record<string, string> } | null;
  if (res.status === 401) {
    tokenStore.clear();
    window.location.assign('/login');
  }
  if (!res.ok) throw new ApiError(res.status, body?.message ?? `Import failed (${res.status})`, body?.code, body?.fields);
  return body as ImportDryRun | ImportResult;
}
