import { DESCRIPTIVE_ROWS, EXAM_VIEW_DEFAULT_MARKS } from '@app/common/constants';
import { MAX_TEXT_ANSWER } from '@app/common/schemas/exams';
import type { QuestionStudent } from '@app/common/schemas/exam-views';
import { forwardRef, useId } from 'react';
import { RichText } from '../../../components/rich-text.tsx';
import type { AnswerValue } from '../answers.ts';

type Props = {
  question: QuestionStudent;
  number: number;
  value: AnswerValue | undefined;
  onChoose: (option: number) => void;
  onType: (text: string) => void;
};

/** docs/product.md section 2 "Exam screen", main area: number, type label, marks, text, and the answer control. */
export const QuestionView = forwardRef<HTMLHeadingElement, Props>(function QuestionView(
  { question, number, value, onChoose, onType },
  headingRef,
) {
  const id = useId();
  const isDescriptive = question.type === 'descriptive';
  const marks = question.marks || EXAM_VIEW_DEFAULT_MARKS;
  return (
    <article aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-brand-800 focus:outline-none">
          Question {number}
        </h2>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          {isDescriptive ? 'Descriptive' : 'MCQ'}
        </span>
        <span className="rounded-full bg-gold-400/20 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {marks} {marks === 1 ? 'mark' : 'marks'}
        </span>
        {question.negativeMarks > 0 && question.type === 'mcq' && (
          <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800">
            −{question.negativeMarks} if wrong
          </span>
        )}
      </div>
      {isDescriptive ? (
        <div className="mt-4">
          <RichText id={`${id}-text`} text={question.question} className="text-base leading-relaxed text-slate-900" />
          <label htmlFor={`${id}-answer`} className="mt-4 block text-sm font-medium text-slate-700">
            Your answer
          </label>
          <textarea
            id={`${id}-answer`}
            rows={DESCRIPTIVE_ROWS}
            maxLength={MAX_TEXT_ANSWER}
            placeholder="Write your answer here..."
            aria-describedby={`${id}-text ${id}-note`}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onType(e.target.value)}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
          <p id={`${id}-note`} className="mt-1 text-sm text-slate-600">
            This is a descriptive question. Your answer will be evaluated by your instructor.
          </p>
        </div>
      ) : (
        <fieldset className="mt-4" aria-labelledby={`${id}-heading ${id}-text`}>
          <RichText id={`${id}-text`} text={question.question} className="text-base leading-relaxed text-slate-900" />
          <div className="mt-4 grid gap-2">
            {question.options.map((option, i) => {
              const checked = value === i;
              return (
                <label
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position
                  key={i}
                  className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-400 ${
                    checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-option`}
                    className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                    checked={checked}
                    onChange={() => onChoose(i)}
                  />
                  <span className="text-slate-900">
                    <span className="font-semibold">{String.fromCharCode(65 + i)}.</span> <RichText inline text={option} />
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </article>
  );
});
