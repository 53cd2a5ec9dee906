import type { QuestionAdmin } from '@app/common/schemas/exam-views';
import type { DropMode, RegradeAction, RegradeDecision } from '@app/common/schemas/regrade';
import { excerpt, letter, objectionCount } from './format.ts';

/** What the editor holds per question before it is sent. */
export type DraftDecision = { action: RegradeAction; correctAnswer: number | null; acceptedAnswers: number[]; dropMode: DropMode | null };

const ACTION_LABELS: Record<RegradeAction, string> = {
  keep: 'Keep the key',
  changeKey: 'Change the key',
  acceptAny: 'Accept several options',
  drop: 'Drop the question',
};

const DROP_LABELS: Record<DropMode, string> = {
  awardAll: 'Full marks to everyone',
  removeFromTotal: 'Remove from the total',
};

export const draftOf = (d: RegradeDecision | undefined): DraftDecision => ({
  action: d?.action ?? 'keep',
  correctAnswer: d?.correctAnswer ?? null,
  acceptedAnswers: d?.acceptedAnswers ?? [],
  dropMode: d?.dropMode ?? null,
});

/** What is missing from a draft, or null when it can be sent. */
export function draftProblem(d: DraftDecision): string | null {
  if (d.action === 'changeKey' && d.correctAnswer === null) return 'Choose the new key';
  if (d.action === 'acceptAny' && d.acceptedAnswers.length === 0) return 'Choose at least one option to accept';
  if (d.action === 'drop' && !d.dropMode) return 'Choose how to drop it';
  return null;
}

/** One multiple-choice question: its options and key, the objections against it, and the decision. */
export function DecisionRow({
  number,
  question,
  objections,
  draft,
  saved,
  stats,
  onChange,
}: {
  number: number;
  question: QuestionAdmin;
  objections: number;
  draft: DraftDecision;
  saved: RegradeDecision | undefined;
  /** From the item analysis: how many chose each option, and whether the key looks wrong. */
  stats?: { optionCounts: number[]; likelyKeyError: boolean };
  onChange: (d: DraftDecision) => void;
}) {
  const original = saved?.originalAnswer ?? question.correctAnswer ?? null;
  const problem = draftProblem(draft);
  const name = `decision-${question._id}`;
  const set = (patch: Partial<DraftDecision>) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Question ${number}`}>
      <legend className="sr-only">Decision on question {number}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <p className="min-w-0 flex-1 break-words text-slate-900">
          <span className="font-semibold text-brand-800">Q{number}.</span> {excerpt(question.question, 200)}
        </p>
        <div className="flex flex-wrap gap-2 text-xs font-semibold">
          {objections > 0 && (
            <span className="rounded-full border border-amber-500 bg-amber-50 px-2 py-0.5 text-amber-900">
              {objectionCount(objections)}
            </span>
          )}
          {stats?.likelyKeyError && (
            <span className="rounded-full border border-red-500 bg-red-50 px-2 py-0.5 text-red-800">Likely key error</span>
          )}
          {saved && saved.action !== 'keep' && (
            <span className="rounded-full border border-brand-600 bg-brand-50 px-2 py-0.5 text-brand-800">
              Decided: {ACTION_LABELS[saved.action]}
            </span>
          )}
        </div>
      </div>
      <ol className="grid gap-1 text-sm sm:grid-cols-2">
        {question.options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are positional
          <li key={i} className={`rounded-md border px-2 py-1 ${i === original ? 'border-green-600 bg-green-50' : 'border-slate-200'}`}>
            <span className="font-semibold">{letter(i)}.</span> {excerpt(o, 80)}
            {i === original && <span className="ml-2 text-xs font-semibold text-green-800">Key as set</span>}
            {stats && <span className="ml-2 text-xs text-slate-600">({(stats.optionCounts[i] ?? 0).toLocaleString('en-IN')} chose)</span>}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-x-4 gap-y-2" role="radiogroup" aria-label={`Decision on question ${number}`}>
        {(Object.keys(ACTION_LABELS) as RegradeAction[]).map((a) => (
          <label key={a} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              checked={draft.action === a}
              onChange={() =>
                set({
                  action: a,
                  dropMode: a === 'drop' ? (draft.dropMode ?? 'awardAll') : draft.dropMode,
                })
              }
            />
            {ACTION_LABELS[a]}
          </label>
        ))}
      </div>
      {draft.action === 'changeKey' && (
        <label className="grid max-w-xs gap-1 text-sm font-medium text-slate-700">
          New key for question {number}
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
            value={draft.correctAnswer ?? ''}
            onChange={(e) => set({ correctAnswer: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">Choose an option</option>
            {question.options.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are positional
              <option key={i} value={i} disabled={i === original}>
                {letter(i)}
              </option>
            ))}
          </select>
        </label>
      )}
      {draft.action === 'acceptAny' && (
        <fieldset className="flex flex-wrap gap-3 text-sm">
          <legend className="mb-1 font-medium text-slate-700">Options that earn the marks</legend>
          {question.options.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are positional
            <label key={i} className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                checked={draft.acceptedAnswers.includes(i)}
                onChange={(e) =>
                  set({
                    acceptedAnswers: e.target.checked
                      ? [...draft.acceptedAnswers, i].sort((a, b) => a - b)
                      : draft.acceptedAnswers.filter((x) => x !== i),
                  })
                }
              />
              Accept {letter(i)}
            </label>
          ))}
        </fieldset>
      )}
      {draft.action === 'drop' && (
        <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={`How to drop question ${number}`}>
          {(Object.keys(DROP_LABELS) as DropMode[]).map((m) => (
            <label key={m} className="inline-flex items-center gap-2">
              <input type="radio" name={`${name}-drop`} checked={draft.dropMode === m} onChange={() => set({ dropMode: m })} />
              {DROP_LABELS[m]}
            </label>
          ))}
        </div>
      )}
      {problem && <p className="text-sm text-red-700">{problem}</p>}
    </fieldset>
  );
}
