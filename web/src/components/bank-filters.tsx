import { BANK_EXAM_LABELS, BANK_EXAMS } from '@app/common/schemas/question-bank';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { DIFFICULTY_OPTIONS } from '../api/question-bank.ts';
import { FilterSelect, filterControl } from './filter-select.tsx';

export type BankFilterValues = { q: string; section: string; topic: string; difficulty: string; exam: string };
export const NO_BANK_FILTERS: BankFilterValues = { q: '', section: '', topic: '', difficulty: '', exam: '' };

type Props = {
  value: BankFilterValues;
  onChange: (next: BankFilterValues) => void;
  sections: string[];
  topics: string[];
};

/** The question bank's filters: text (debounced), exam, section, topic, difficulty (docs/product-question-bank.md). */
export function BankFilters({ value, onChange, sections, topics }: Props) {
  const searchId = useId();
  const [search, setSearch] = useState(value.q);
  useEffect(() => setSearch(value.q), [value.q]);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    if (search.trim() === latest.current.value.q) return;
    const t = setTimeout(() => latest.current.onChange({ ...latest.current.value, q: search.trim() }), 300);
    return () => clearTimeout(t);
  }, [search]);
  const set = (key: keyof BankFilterValues) => (v: string) => onChange({ ...value, [key]: v });
  const withCurrent = (list: string[], current: string) => (current && !list.includes(current) ? [current, ...list] : list);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-[14rem] flex-[2] flex-col gap-1">
        <label htmlFor={searchId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          Search
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-400" />
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Question, passage, option, source, tag"
            onChange={(e) => setSearch(e.target.value)}
            className={`${filterControl} w-full pl-8`}
          />
        </div>
      </div>
      <FilterSelect
        label="Exam"
        value={value.exam}
        onChange={set('exam')}
        options={[{ value: '', label: 'All exams' }, ...BANK_EXAMS.map((e) => ({ value: e, label: BANK_EXAM_LABELS[e] }))]}
      />
      <FilterSelect
        label="Section"
        value={value.section}
        onChange={set('section')}
        options={[{ value: '', label: 'All sections' }, ...withCurrent(sections, value.section).map((s) => ({ value: s, label: s }))]}
      />
      <FilterSelect
        label="Topic"
        value={value.topic}
        onChange={set('topic')}
        options={[{ value: '', label: 'All topics' }, ...withCurrent(topics, value.topic).map((s) => ({ value: s, label: s }))]}
      />
      <FilterSelect label="Difficulty" value={value.difficulty} onChange={set('difficulty')} options={DIFFICULTY_OPTIONS} />
    </div>
  );
}
