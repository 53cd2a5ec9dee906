import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { countStates, type PaperSection, type Progress } from '../paper.ts';
import { NavGrid, PaletteLegend } from './nav-grid.tsx';

type Props = {
  section: PaperSection;
  questionIds: string[];
  progress: Progress;
  answered: number;
  currentIndex: number;
  onSelect: (index: number) => void;
};

/** The palette panel: the current section's questions in five states, its counts and the legend; collapsible on a phone. */
export function NavPanel({ section, questionIds, progress, answered, currentIndex, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const total = questionIds.length;
  const percent = total ? Math.round((answered / total) * 100) : 0;
  const items = section.indexes.map((index) => ({ id: questionIds[index], index }));
  const counts = countStates(
    items.map((i) => i.id),
    progress,
  );
  return (
    <nav aria-labelledby={`${id}-title`} className="rounded-xl bg-white p-4 shadow-sm lg:sticky lg:top-24">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold text-brand-800">
          Question Navigation
        </h2>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-700 lg:hidden"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : 'Show'}
          <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center text-sm">
        <div className="rounded-md bg-green-50 p-2">
          <dt className="text-green-800">Answered</dt>
          <dd className="text-lg font-bold text-green-800">{answered}</dd>
        </div>
        <div className="rounded-md bg-slate-100 p-2">
          <dt className="text-slate-700">Remaining</dt>
          <dd className="text-lg font-bold text-slate-800">{total - answered}</dd>
        </div>
      </dl>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Questions answered"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${total} answered`}
      >
        <div className="h-full bg-green-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <div id={`${id}-body`} className={`${open ? 'block' : 'hidden'} mt-4 lg:block`}>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{section.title}</h3>
        <NavGrid
          items={items}
          progress={progress}
          currentIndex={currentIndex}
          onSelect={(i) => {
            setOpen(false);
            onSelect(i);
          }}
        />
        <div className="mt-4">
          <PaletteLegend counts={counts} />
        </div>
      </div>
    </nav>
  );
}
