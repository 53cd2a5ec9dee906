import type { SolvedQuestion } from '@app/common/schemas/analysis';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { RichText } from '../../../components/rich-text.tsx';
import { marks, STATUS_STYLE } from './format.ts';

type Props = {
  number: number;
  question: Pick<SolvedQuestion, 'question' | 'options' | 'yourAnswer' | 'correctAnswer' | 'marksObtained' | 'explanation'> & {
    status?: SolvedQuestion['status'];
    keyDecision?: SolvedQuestion['keyDecision'];
  };
  passage?: string | null;
  actions?: ReactNode;
  children?: ReactNode;
};

/** What the regrade decided on this question's key (docs/product-regrade.md), as the student reads it. */
const KEY_NOTES = {
  changeKey: 'The answer key of this question was revised after objections.',
  acceptAny: 'After objections, every option marked "Accepted answer" earns the marks.',
  awardAll: 'This question was dropped after objections: everyone gets its full marks.',
  removeFromTotal: 'This question was dropped after objections: it no longer counts in the marks or the total.',
} as const;
const keyNoteOf = (d: NonNullable<SolvedQuestion['keyDecision']>): keyof typeof KEY_NOTES =>
  d.action === 'drop' ? (d.dropMode ?? 'awardAll') : d.action;

/** A question with its passage, the student's answer, the key, the marks and the explanation. */
export function SolutionCard({ number, question: q, passage, actions, children }: Props) {
  const style = q.status ? STATUS_STYLE[q.status] : null;
  return (
    <article className="grid gap-3 rounded-xl bg-white p-4 shadow-sm" aria-label={`Question ${number}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-brand-800">Question {number}</h3>
        <div className="flex flex-wrap items-center gap-2">
          {style && <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${style.className}`}>{style.label}</span>}
          {q.marksObtained !== null && <span className="text-sm font-semibold text-slate-700">Marks: {marks(q.marksObtained)}</span>}
          {actions}
        </div>
      </div>
      {passage && (
        <details className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Passage</summary>
          <RichText text={passage} className="prose prose-sm mt-2 max-w-none" />
        </details>
      )}
      <RichText text={q.question} className="text-slate-900" />
      {q.keyDecision && (
        <p className="rounded-md border border-brand-200 bg-brand-50 p-2 text-sm text-brand-900">{KEY_NOTES[keyNoteOf(q.keyDecision)]}</p>
      )}
      {q.options.length > 0 ? (
        <ol className="grid gap-2">
          {q.options.map((o, i) => {
            const accepted = q.keyDecision?.action === 'acceptAny' ? (q.keyDecision.acceptedAnswers ?? []) : null;
            const isKey = accepted ? accepted.includes(i) : q.correctAnswer === i && q.keyDecision?.action !== 'drop';
            const isYours = q.yourAnswer === i;
            // A dropped question has no key: the student's answer is neither right nor wrong.
            const wrong = isYours && !isKey && q.keyDecision?.action !== 'drop';
            const tone = isKey ? 'border-green-600 bg-green-50' : wrong ? 'border-red-600 bg-red-50' : 'border-slate-200';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are positional
              <li key={i} className={`flex items-start gap-2 rounded-md border p-2 text-sm ${tone}`}>
                <span className="font-semibold">{String.fromCharCode(65 + i)}.</span>
                <RichText text={o} inline className="flex-1" />
                {isKey && (
                  <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-800">
                    <Check aria-hidden="true" className="h-4 w-4" /> {accepted ? 'Accepted answer' : 'Correct answer'}
                  </span>
                )}
                {isYours && (
                  <span
                    className={`inline-flex items-center gap-1 text-xs font-semibold ${wrong ? 'text-red-800' : isKey ? 'text-green-800' : 'text-slate-700'}`}
                  >
                    {wrong && <X aria-hidden="true" className="h-4 w-4" />} Your answer
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm text-slate-800">
          <span className="font-semibold">Your answer: </span>
          {typeof q.yourAnswer === 'string' ? q.yourAnswer : 'Not answered'}
        </p>
      )}
      {q.options.length > 0 && q.yourAnswer === null && <p className="text-sm text-slate-600">You did not answer this question.</p>}
      {q.explanation && (
        <div className="rounded-md border-l-4 border-brand-600 bg-brand-50 p-3 text-sm">
          <p className="font-semibold text-brand-800">Explanation</p>
          <RichText text={q.explanation} className="mt-1 text-slate-800" />
        </div>
      )}
      {children}
    </article>
  );
}
