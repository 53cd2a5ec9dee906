import { NAV_GRID_COLUMNS } from '@app/common/constants';
import { PALETTE_LABELS, PALETTE_STATES, type PaletteState, type Progress, paletteStateOf } from '../paper.ts';

/** Colours and shapes of the palette, as on the computer-based exams students know. */
export const paletteClass: Record<PaletteState, string> = {
  'not-visited': 'bg-slate-100 text-slate-700 border border-slate-300 hover:bg-slate-200',
  'not-answered': 'bg-red-600 text-white hover:bg-red-700',
  answered: 'bg-green-600 text-white hover:bg-green-700',
  review: 'bg-violet-700 text-white rounded-full hover:bg-violet-800',
  'answered-review': 'bg-violet-700 text-white rounded-full ring-2 ring-inset ring-green-400 hover:bg-violet-800',
};
const CURRENT = 'outline outline-3 outline-offset-2 outline-gold-400';

type PaletteItem = { id: string; index: number };

type Props = {
  items: PaletteItem[];
  progress: Progress;
  currentIndex: number;
  onSelect: (index: number) => void;
};

/**
 * The question palette: numbered buttons, 5 per row, in five states (docs/product-papers.md). Colour is
 * never the only signal: each button names its state and the current one is marked aria-current.
 */
export function NavGrid({ items, progress, currentIndex, onSelect }: Props) {
  return (
    <ul className="grid gap-2" style={{ gridTemplateColumns: `repeat(${NAV_GRID_COLUMNS}, minmax(0, 1fr))` }}>
      {items.map(({ id, index }) => {
        const state = paletteStateOf(id, progress);
        const current = index === currentIndex;
        const label = `Question ${index + 1}, ${PALETTE_LABELS[state]}${current ? ', current' : ''}`;
        return (
          <li key={id}>
            <button
              type="button"
              data-state={state}
              aria-label={label}
              aria-current={current ? 'step' : undefined}
              onClick={() => onSelect(index)}
              className={`h-10 w-full rounded-md text-sm font-semibold transition-colors ${paletteClass[state]} ${current ? CURRENT : ''}`}
            >
              {index + 1}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The legend of the five states, with the count of each for the questions given. */
export function PaletteLegend({ counts }: { counts: Record<PaletteState, number> }) {
  return (
    <ul className="grid grid-cols-1 gap-1.5 text-xs text-slate-700 sm:grid-cols-2 lg:grid-cols-1" aria-label="Legend">
      {PALETTE_STATES.map((state) => (
        <li key={state} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={`inline-flex h-6 min-w-6 items-center justify-center rounded-md px-1 text-[11px] font-bold ${paletteClass[state]}`}
          >
            {counts[state]}
          </span>
          <span>
            {PALETTE_LABELS[state]}
            <span className="sr-only">: {counts[state]}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
