import { sameSection } from '@app/common';
import { BANK_EXAM_LABELS, BANK_EXAMS } from '@app/common/schemas/question-bank';
import { useEffect, useRef, useState } from 'react';
import { DIFFICULTY_OPTIONS } from '../api/question-bank.ts';
import { FilterSelect, SearchFilter } from './filter-select.tsx';

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
  // The filter's value is always one of its options: a section the bank spells differently (case,
  // punctuation, spacing: the same section, common/rules/sections.ts) is shown as the value is spelt.
  const withCurrent = (list: string[], current: string, same = (a: string, b: string) => a === b) => {
    if (!current) return list;
    const at = list.findIndex((x) => same(x, current));
    return at < 0 ? [current, ...list] : list.map((x, i) => (i === at ? current : x));
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchFilter value={search} onChange={setSearch} placeholder="Question, passage, option, source, tag" />
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
        options={[
          { value: '', label: 'All sections' },
          ...withCurrent(sections, value.section, sameSection).map((s) => ({ value: s, label: s })),
        ]}
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
