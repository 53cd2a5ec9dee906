import { Send } from 'lucide-react';
import type { SaveStatus } from '../hooks/use-autosave.ts';
import { ExamTimer } from './exam-timer.tsx';
import { SaveIndicator } from './save-indicator.tsx';

type Props = {
  title: string;
  current: number;
  total: number;
  seconds: number;
  saveStatus: SaveStatus;
  submitting: boolean;
  onSubmit: () => void;
};

/** docs/product.md section 2: header with title, 'Question N of M', the countdown and Submit Exam. */
export function ExamHeader({ title, current, total, seconds, saveStatus, submitting, onSubmit }: Props) {
  return (
    <div className="border-b border-slate-200 bg-white shadow-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-bold text-brand-800 sm:text-xl">{title}</h1>
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
            <span aria-live="polite">
              Question {current} of {total}
            </span>
            <SaveIndicator status={saveStatus} />
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ExamTimer seconds={seconds} />
          <button
            type="button"
            onClick={onSubmit}
            disabled={submitting}
            className="inline-flex items-center gap-2 rounded-md bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
          >
            <Send aria-hidden="true" className="h-4 w-4" />
            {submitting ? 'Submitting...' : 'Submit Exam'}
          </button>
        </div>
      </div>
    </div>
  );
}
