import { BookmarkCheck, ChevronLeft, ChevronRight, Eraser, Send } from 'lucide-react';
import { buttonClass } from '../../../components/field.tsx';

type Props = {
  isFirst: boolean;
  isLast: boolean;
  submitting: boolean;
  onPrevious: () => void;
  onMarkAndNext: () => void;
  onClear: () => void;
  onNext: () => void;
  onSubmit: () => void;
};

/** The buttons under the question: Previous, Mark for Review & Next, Clear Answer, and Next (Submit Exam on the last). */
export function QuestionActions({ isFirst, isLast, submitting, onPrevious, onMarkAndNext, onClear, onNext, onSubmit }: Props) {
  return (
    <div className="mt-6 grid grid-cols-2 gap-2 border-t border-slate-200 pt-4 sm:flex sm:flex-wrap sm:items-center sm:justify-between [&>button]:px-2 [&>button]:text-sm sm:[&>button]:px-4 sm:[&>button]:text-base [&_svg]:hidden sm:[&_svg]:block">
      <button type="button" className={buttonClass.secondary} disabled={isFirst} onClick={onPrevious}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
      </button>
      <button type="button" className={`${buttonClass.secondary} border-violet-300 text-violet-800`} onClick={onMarkAndNext}>
        <BookmarkCheck aria-hidden="true" className="h-4 w-4" /> Mark for Review &amp; Next
      </button>
      <button type="button" className={buttonClass.secondary} onClick={onClear}>
        <Eraser aria-hidden="true" className="h-4 w-4" /> Clear Answer
      </button>
      {isLast ? (
        <button type="button" className={`${buttonClass.primary} bg-green-700 hover:bg-green-800`} disabled={submitting} onClick={onSubmit}>
          <Send aria-hidden="true" className="h-4 w-4" /> Submit Exam
        </button>
      ) : (
        <button type="button" className={buttonClass.primary} onClick={onNext}>
          Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}
