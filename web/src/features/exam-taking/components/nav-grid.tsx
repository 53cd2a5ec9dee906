import { NAV_GRID_COLUMNS } from '@app/common/constants';
import { type AnswerMap, isAnswered } from '../answers.ts';

export type NavState = 'current' | 'answered' | 'unanswered';

export const navStateClass: Record<NavState, string> = {
  current: 'bg-brand-700 text-white ring-2 ring-gold-400 ring-offset-1',
  answered: 'bg-green-600 text-white hover:bg-green-700',
  unanswered: 'bg-slate-100 text-slate-700 hover:bg-slate-200',
};

export function navStateOf(index: number, currentIndex: number, answered: boolean): NavState {
  if (index === currentIndex) return 'current';
  return answered ? 'answered' : 'unanswered';
}

type Props = {
  questionIds: string[];
  answers: AnswerMap;
  currentIndex: number;
  onSelect: (index: number) => void;
};

/**
 * SPEC.md section 2 "Exam screen": a grid of numbered buttons, 5 per row, coloured answered / current /
 * not answered. Colour is never the only signal: each button names its state and the current one is
 * marked aria-current.
 */
export function NavGrid({ questionIds, answers, currentIndex, onSelect }: Props) {
  return (
    <div>
      <ul className="grid gap-2" style={{ gridTemplateColumns: `repeat(${NAV_GRID_COLUMNS}, minmax(0, 1fr))` }}>
        {questionIds.map((id, index) => {
          const answered = isAnswered(answers[id]);
          const state = navStateOf(index, currentIndex, answered);
          const label = `Question ${index + 1}, ${answered ? 'answered' : 'not answered'}${state === 'current' ? ', current' : ''}`;
          return (
            <li key={id}>
              <button
                type="button"
                data-state={state}
                aria-label={label}
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => onSelect(index)}
                className={`h-10 w-full rounded-md text-sm font-semibold transition-colors ${navStateClass[state]}`}
              >
                {index + 1}
              </button>
            </li>
          );
        })}
      </ul>
      <ul className="mt-4 space-y-1 text-xs text-slate-600" aria-label="Legend">
        <LegendItem className={navStateClass.answered} label="Answered" />
        <LegendItem className={navStateClass.current} label="Current" />
        <LegendItem className={navStateClass.unanswered} label="Not answered" />
      </ul>
    </div>
  );
}

function LegendItem({ className, label }: { className: string; label: string }) {
  return (
    <li className="flex items-center gap-2">
      <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${className}`} />
      {label}
    </li>
  );
}
