import type { StudentListParams } from '@app/common/schemas/users';
import { ApiError } from '../../../app/api-client.ts';
import { tokenStore } from '../../../app/token-store.ts';
import { studentListSearch } from './students.ts';

/**
 * GET /api/users/export.csv with the list's filters: a file download, so it cannot go through the JSON
 * client; it adds the bearer token itself and saves the answer as students.csv (SPEC.md section 9).
 */
export async function exportStudentsCsv(params: StudentListParams): Promise<void> {
  const { page: _page, limit: _limit, ...filters } = params;
  const token = tokenStore.get();
  const res = await fetch(`/api/users/export.csv?${studentListSearch(filters)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status === 401) {
    tokenStore.clear();
    window.location.assign('/login');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? 'Could not export the students. Please try again.');
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'students.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
