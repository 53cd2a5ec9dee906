import { ArrowDown, ArrowUp, Check, Pencil, Trash2 } from 'lucide-react';
import type { QuestionDraft } from './question-draft.ts';

type Props = {
  questions: QuestionDraft[];
  editingKey: string | null;
  locked?: boolean;
  onMove: (index: number, by: -1 | 1) => void;
  onEdit: (draft: QuestionDraft) => void;
  onRemove: (index: number) => void;
};

const iconButton =
  'rounded-md border border-slate-300 bg-white p-2 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/** The exam's questions in order, each movable up/down, editable and removable. */
export function QuestionList({ questions, editingKey, locked, onMove, onEdit, onRemove }: Props) {
  if (questions.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">No questions added yet.</p>
    );
  }
  return (
    <ol className="grid gap-3">
      {questions.map((q, i) => {
        const n = i + 1;
        return (
          <li
            key={q.key}
            className={`rounded-lg border bg-white p-4 ${editingKey === q.key ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  Question {n} · {q.type === 'mcq' ? 'MCQ' : 'Descriptive'} · {q.marks} {Number(q.marks) === 1 ? 'mark' : 'marks'}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{q.question}</p>
              </div>
              <div className="flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  disabled={locked || i === 0}
                  onClick={() => onMove(i, -1)}
                  aria-label={`Move question ${n} up`}
                >
                  <ArrowUp aria-hidden="true" className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={locked || i === questions.length - 1}
                  onClick={() => onMove(i, 1)}
                  aria-label={`Move question ${n} down`}
                >
                  <ArrowDown aria-hidden="true" className="h-4 w-4" />
                </button>
                <button type="button" className={iconButton} disabled={locked} onClick={() => onEdit(q)} aria-label={`Edit question ${n}`}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} text-red-700`}
                  disabled={locked}
                  onClick={() => onRemove(i)}
                  aria-label={`Remove question ${n}`}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </button>
              </div>
            </div>
            {q.type === 'mcq' && (
              <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                {q.options.map((o, j) =>
                  o.trim() ? (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: option slots are fixed positions
                      key={j}
                      className={`flex items-center gap-1 ${j === q.correctAnswer ? 'font-semibold text-green-800' : 'text-slate-700'}`}
                    >
                      {j === q.correctAnswer ? <Check aria-hidden="true" className="h-4 w-4" /> : <span className="w-4" />}
                      {String.fromCharCode(65 + j)}. {o}
                      {j === q.correctAnswer && <span className="sr-only"> (correct answer)</span>}
                    </li>
                  ) : null,
                )}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
