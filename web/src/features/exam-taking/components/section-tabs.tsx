import { isAnswered } from '../answers.ts';
import type { PaperSection, Progress } from '../paper.ts';

type Props = {
  sections: PaperSection[];
  questionIds: string[];
  progress: Progress;
  current: PaperSection;
  onSelect: (index: number) => void;
};

/** One tab per section with its answered and total counts; a tab opens the section's first question. */
export function SectionTabs({ sections, questionIds, progress, current, onSelect }: Props) {
  return (
    <nav aria-label="Sections" className="overflow-x-auto rounded-xl bg-white p-2 shadow-sm">
      <ul className="flex min-w-max gap-2">
        {sections.map((s) => {
          const active = s === current;
          const answered = s.indexes.filter((i) => isAnswered(progress.answers[questionIds[i]])).length;
          return (
            <li key={s.id ?? 'all'}>
              <button
                type="button"
                aria-current={active ? 'true' : undefined}
                onClick={() => onSelect(s.first)}
                className={`rounded-md px-3 py-2 text-left text-sm font-semibold ${
                  active ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                }`}
              >
                {s.title}
                <span className={`ml-2 text-xs font-normal ${active ? 'text-brand-100' : 'text-slate-600'}`}>
                  {answered}/{s.indexes.length}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
