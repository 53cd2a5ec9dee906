import { SUBMISSION_SORT_KEYS } from '@app/common/constants';
import type { AdminSubmissionStats } from '@app/common/schemas/submissions';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

export type Filters = {
  search: string;
  examId: string;
  courseId: string;
  sort: (typeof SUBMISSION_SORT_KEYS)[number];
  order: 'asc' | 'desc';
};

const SORT_LABELS: Record<Filters['sort'], string> = {
  submittedAt: 'Submission date',
  studentName: 'Student name',
  course: 'Course',
  exam: 'Exam',
  score: 'Score',
  status: 'Status',
};
/** docs/product.md section 9: submittedAt descending by default; dates and scores read best newest/highest first. */
export const defaultOrder = (sort: Filters['sort']): Filters['order'] => (sort === 'submittedAt' || sort === 'score' ? 'desc' : 'asc');

const control =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

type Props = {
  filters: Filters;
  stats: AdminSubmissionStats | undefined;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  isFiltered: boolean;
};

/** Search, exam and course filters, sort key and direction, Clear filters. */
export function FiltersBar({ filters, stats, onChange, onClear, isFiltered }: Props) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  // The server searches: wait for a pause in typing before asking it.
  useEffect(() => {
    if (search === filters.search) return;
    const t = window.setTimeout(() => onChange({ search }), 350);
    return () => window.clearTimeout(t);
  }, [search, filters.search, onChange]);

  const courses = (stats?.courses ?? []).flatMap((c) => (c.course ? [c.course] : []));
  return (
    <div className="grid gap-3 rounded-xl bg-white p-4 shadow-sm md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] [&>*]:min-w-0">
      <div>
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700">
          Search
        </label>
        <div className="relative mt-1">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input
            id={`${id}-search`}
            type="search"
            className={`${control} pl-9`}
            placeholder="Student name, email or exam"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-exam`} className="text-sm font-medium text-slate-700">
          Exam
        </label>
        <select
          id={`${id}-exam`}
          className={`${control} mt-1`}
          value={filters.examId}
          onChange={(e) => onChange({ examId: e.target.value })}
        >
          <option value="">All exams</option>
          {(stats?.exams ?? []).map((e) => (
            <option key={e._id} value={e._id}>
              {e.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-course`} className="text-sm font-medium text-slate-700">
          Course
        </label>
        <select
          id={`${id}-course`}
          className={`${control} mt-1`}
          value={filters.courseId}
          onChange={(e) => onChange({ courseId: e.target.value })}
        >
          <option value="">All courses</option>
          {courses.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="text-sm font-medium text-slate-700">
          Sort by
        </label>
        <div className="mt-1 flex gap-1">
          <select
            id={`${id}-sort`}
            className={control}
            value={filters.sort}
            onChange={(e) => {
              const sort = e.target.value as Filters['sort'];
              onChange({ sort, order: defaultOrder(sort) });
            }}
          >
            {SUBMISSION_SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {SORT_LABELS[k]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="rounded-md border border-slate-300 px-2 text-slate-700 hover:bg-slate-50"
            onClick={() => onChange({ order: filters.order === 'asc' ? 'desc' : 'asc' })}
            aria-label={filters.order === 'asc' ? 'Ascending: switch to descending' : 'Descending: switch to ascending'}
            title={filters.order === 'asc' ? 'Ascending' : 'Descending'}
          >
            {filters.order === 'asc' ? (
              <ArrowUpNarrowWide aria-hidden="true" className="h-4 w-4" />
            ) : (
              <ArrowDownWideNarrow aria-hidden="true" className="h-4 w-4" />
            )}
          </button>
        </div>
      </div>
      <div className="flex items-end">
        <button
          type="button"
          onClick={onClear}
          disabled={!isFiltered}
          className="inline-flex w-full items-center justify-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          <X aria-hidden="true" className="h-4 w-4" /> Clear filters
        </button>
      </div>
    </div>
  );
}
