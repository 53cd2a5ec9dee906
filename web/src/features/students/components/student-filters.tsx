import { STUDENT_SORT_KEYS } from '@app/common/constants';
import type { StudentSortKey } from '@app/common/schemas/users';
import { ArrowDownAZ, ArrowUpAZ, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FilterKey, SortOrder } from './use-student-filters.ts';
import { CentreFilter } from '../../../components/centre-filter.tsx';
import { FilterSelect, SearchFilter } from '../../../components/filter-select.tsx';

const SEARCH_DEBOUNCE_MS = 300;

const SORT_LABELS: Record<StudentSortKey, string> = {
  name: 'Name',
  course: 'Course',
  centre: 'Centre',
  email: 'Email',
  joinDate: 'Join date',
  performance: 'Performance',
  exams: 'Exams taken',
};

type Props = {
  filters: Record<FilterKey, string>;
  sort: StudentSortKey;
  order: SortOrder;
  courses: string[];
  /** The batches the role may read; undefined: no batch filter (a role without batches.view). */
  batches?: { _id: string; name: string }[];
  hasFilters: boolean;
  onFilter: (key: FilterKey, value: string) => void;
  onSort: (key: StudentSortKey) => void;
  onToggleOrder: () => void;
  onClear: () => void;
};

/** Search (debounced, answered by the server), status/course/centre filters, sort and order, Clear All Filters. */
export function StudentFilters({ filters, sort, order, courses, batches, hasFilters, onFilter, onSort, onToggleOrder, onClear }: Props) {
  const [search, setSearch] = useState(filters.search);
  // Follow the address when it changes from elsewhere (Clear All Filters, back button).
  useEffect(() => setSearch(filters.search), [filters.search]);
  const onFilterRef = useRef(onFilter);
  onFilterRef.current = onFilter;
  useEffect(() => {
    if (search.trim() === filters.search) return;
    const t = setTimeout(() => onFilterRef.current('search', search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, filters.search]);

  const isDefault = !hasFilters && sort === 'name' && order === 'asc';
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm">
      <SearchFilter
        label="Search students"
        value={search}
        onChange={setSearch}
        placeholder="Name, email, phone or registration number"
        className=""
      />
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          value={filters.status}
          onChange={(v) => onFilter('status', v)}
          options={[
            { value: '', label: 'All statuses' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
        <FilterSelect
          label="Course"
          value={filters.course}
          onChange={(v) => onFilter('course', v)}
          options={[
            { value: '', label: 'All courses' },
            ...(filters.course && !courses.includes(filters.course) ? [filters.course] : [])
              .concat(courses)
              .map((c) => ({ value: c, label: c })),
          ]}
        />
        <CentreFilter value={filters.centre} onChange={(v) => onFilter('centre', v)} />
        {batches && (
          <FilterSelect
            label="Batch"
            value={filters.batch}
            onChange={(v) => onFilter('batch', v)}
            options={[{ value: '', label: 'All batches' }, ...batches.map((b) => ({ value: b._id, label: b.name }))]}
          />
        )}
        <div className="flex min-w-[18rem] flex-1 items-end gap-2">
          <div className="flex flex-1">
            <FilterSelect
              label="Sort by"
              value={sort}
              onChange={(v) => onSort(v as StudentSortKey)}
              options={STUDENT_SORT_KEYS.map((k) => ({ value: k, label: SORT_LABELS[k] }))}
            />
          </div>
          <button
            type="button"
            onClick={onToggleOrder}
            className="inline-flex shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            title="Switch between ascending and descending"
          >
            {order === 'asc' ? (
              <ArrowUpAZ aria-hidden="true" className="h-5 w-5" />
            ) : (
              <ArrowDownAZ aria-hidden="true" className="h-5 w-5" />
            )}
            {order === 'asc' ? 'Ascending' : 'Descending'}
          </button>
        </div>
        <button
          type="button"
          onClick={() => {
            setSearch('');
            onClear();
          }}
          disabled={isDefault}
          className="inline-flex shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          <X aria-hidden="true" className="h-4 w-4" /> Clear All Filters
        </button>
      </div>
    </div>
  );
}
