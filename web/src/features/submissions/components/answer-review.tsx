import { plural } from '@app/common/rules/text';
import { DESCRIPTIVE_MARKS_STEP } from '@app/common/constants';
import type { SubmissionAnswerDto, SubmissionDetail } from '@app/common/schemas/submissions';
import { CheckCircle2, CircleMinus, XCircle } from 'lucide-react';
import { useId } from 'react';

type Question = SubmissionDetail['exam']['questions'][number];

type Props = {
  number: number;
  question: Question;
  answer: SubmissionAnswerDto | undefined;
  /** Descriptive only: the marks typed so far (text, so a half-typed value is kept). */
  marks: string;
  error?: string;
  onMarks: (value: string) => void;
};

/** One answer in the Evaluate Submission modal: MCQ marked by the server, descriptive marked here. */
export function AnswerReview({ number, question, answer, marks, error, onMarks }: Props) {
  const id = useId();
  const chosen = answer?.selectedOption ?? null;
  const attempted = question.type === 'mcq' ? chosen !== null : Boolean(answer?.textAnswer?.trim());
  const correct = question.type === 'mcq' && chosen !== null && chosen === question.correctAnswer;
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Question {number} · {question.type === 'mcq' ? 'MCQ' : 'Descriptive'} · {plural(question.marks, 'mark')}
        </p>
        {question.type === 'mcq' &&
          (!attempted ? (
            <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-600">
              <CircleMinus aria-hidden="true" className="h-4 w-4" /> Not answered
            </span>
          ) : correct ? (
            <span className="inline-flex items-center gap-1 text-sm font-semibold text-green-700">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Correct
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-sm font-semibold text-red-700">
              <XCircle aria-hidden="true" className="h-4 w-4" /> Incorrect
            </span>
          ))}
      </div>
      <p className="mt-1 whitespace-pre-wrap font-medium text-slate-900">{question.question}</p>
      {question.type === 'mcq' ? (
        <ul className="mt-2 grid gap-1 text-sm">
          {question.options.map((o, i) => {
            const isCorrect = i === question.correctAnswer;
            const isChosen = i === chosen;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position
                key={i}
                className={`rounded-md px-2 py-1 ${isCorrect ? 'bg-green-50 text-green-900' : isChosen ? 'bg-red-50 text-red-900' : 'text-slate-700'}`}
              >
                {String.fromCharCode(65 + i)}. {o}
                {isChosen && <strong className="ml-2">(student's answer)</strong>}
                {isCorrect && <strong className="ml-2">(correct)</strong>}
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="mt-2 grid gap-3">
          <div>
            <p className="text-sm font-medium text-slate-600">Student's answer</p>
            <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-slate-900">
              {attempted ? answer?.textAnswer : <span className="italic text-slate-500">Not answered</span>}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-marks`} className="text-sm font-medium text-slate-700">
              Marks for question {number} (0 to {question.marks})
            </label>
            <input
              id={`${id}-marks`}
              type="number"
              min={0}
              max={question.marks}
              step={DESCRIPTIVE_MARKS_STEP}
              value={marks}
              onChange={(e) => onMarks(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`w-24 rounded-md border px-2 py-1 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 ${
                error ? 'border-red-500' : 'border-slate-300'
              }`}
            />
            <span className="text-sm text-slate-600">/ {question.marks}</span>
          </div>
          {error && (
            <p id={`${id}-error`} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
