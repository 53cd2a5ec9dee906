import { STUDENT_SORT_KEYS } from '@app/common/constants';
import { type StudentListParams, type StudentSortKey, STUDENT_STATUSES } from '@app/common/schemas/users';
import { pickParam as pick, useAddressState } from '../../../lib/address-state.ts';

const PAGE_SIZE = 20;
export type FilterKey = 'search' | 'status' | 'course' | 'centre' | 'batch';
export type SortOrder = 'asc' | 'desc';

/**
 * The list's filters, sort and page live in the address (shareable, back button works). Default sort:
 * name ascending (docs/product.md section 9). Changing a filter or the sort goes back to page 1.
 */
export function useStudentFilters() {
  const { params, page, update } = useAddressState();
  const filters = {
    search: params.get('search') ?? '',
    status: pick(params.get('status'), ['', ...STUDENT_STATUSES], ''),
    course: params.get('course') ?? '',
    centre: params.get('centre') ?? '',
    batch: params.get('batch') ?? '',
  };
  const sort: StudentSortKey = pick(params.get('sort'), STUDENT_SORT_KEYS, 'name');
  const order: SortOrder = pick(params.get('order'), ['asc', 'desc'] as const, 'asc');
  const query: StudentListParams = { role: 'student', ...filters, sort, order, page, limit: PAGE_SIZE };
  const hasFilters = Object.values(filters).some((v) => v !== '');

  return {
    filters,
    sort,
    order,
    page,
    query,
    hasFilters,
    setFilter: (key: FilterKey, value: string) => update({ [key]: value }),
    setSort: (key: StudentSortKey) => update({ sort: key === 'name' ? null : key }),
    toggleOrder: () => update({ order: order === 'asc' ? 'desc' : null }),
    setPage: (n: number) => update({ page: n }, false),
    clearAll: () => update({ search: null, status: null, course: null, centre: null, sort: null, order: null }),
  };
}
