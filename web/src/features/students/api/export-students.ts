import type { StudentListParams } from '@app/common/schemas/users';
import { downloadFile } from '../../../lib/api-client.ts';
import { studentListSearch } from './students.ts';

/** GET /api/users/export.csv with the list's filters, saved as students.csv (docs/product.md section 9). */
export function exportStudentsCsv(params: StudentListParams): Promise<void> {
  const { page: _page, limit: _limit, ...filters } = params;
  return downloadFile(`/api/users/export.csv?${studentListSearch(filters)}`, {
    fallbackName: 'students.csv',
    failure: 'Could not export the students. Please try again.',
  });
}
