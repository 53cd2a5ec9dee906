import { NEW_QUESTION_MARKS } from '@app/common/constants';
import { questionInput } from '@app/common/schemas/exams';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';
import { draftToInput, newQuestionDraft, type QuestionDraft } from './question-draft.ts';

type Props = {
  /** The question being edited, or null to add a new one. */
  editing: QuestionDraft | null;
  number: number;
  disabled?: boolean;
  onSave: (draft: QuestionDraft) => void;
  onCancelEdit: () => void;
};

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100';

/** docs/product.md section 5 "Adding a question": text not blank, MCQ with at least 2 non-blank options, marks at least 1. */
export function QuestionEditor({ editing, number, disabled, onSave, onCancelEdit }: Props) {
  const [draft, setDraft] = useState<QuestionDraft>(() => editing ?? newQuestionDraft());
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setDraft(editing ?? newQuestionDraft());
    setError(null);
    if (editing) textRef.current?.focus();
  }, [editing]);

  const set = (patch: Partial<QuestionDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = () => {
    const parsed = questionInput.safeParse(draftToInput(draft));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the question');
      return;
    }
    setError(null);
    onSave(draft);
    if (!editing) setDraft(newQuestionDraft());
  };

  return (
    <fieldset className="rounded-lg border border-brand-100 bg-brand-50/50 p-4" disabled={disabled}>
      <legend className="px-1 font-semibold text-brand-800">{editing ? `Edit question ${number}` : `Add question ${number}`}</legend>
      <div className="grid gap-3">
        {error && <FormAlert>{error}</FormAlert>}
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem_10rem]">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-type`} className="text-sm font-medium text-slate-700">
              Question type
            </label>
            <select
              id={`${id}-type`}
              className={inputClass}
              value={draft.type}
              onChange={(e) => set({ type: e.target.value as QuestionDraft['type'] })}
            >
              <option value="mcq">Multiple choice (MCQ)</option>
              <option value="descriptive">Descriptive</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-marks`} className="text-sm font-medium text-slate-700">
              Marks
            </label>
            <input
              id={`${id}-marks`}
              type="number"
              min={NEW_QUESTION_MARKS}
              step="any"
              className={inputClass}
              value={draft.marks}
              onChange={(e) => set({ marks: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-negative`} className="text-sm font-medium text-slate-700">
              Negative marks
            </label>
            <input
              id={`${id}-negative`}
              type="number"
              min={0}
              step="0.01"
              placeholder="Exam's"
              className={inputClass}
              value={draft.negativeMarks}
              onChange={(e) => set({ negativeMarks: e.target.value })}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-700">
            Question
          </label>
          <textarea
            ref={textRef}
            id={`${id}-text`}
            rows={3}
            className={inputClass}
            value={draft.question}
            onChange={(e) => set({ question: e.target.value })}
          />
          <ImageUploadButton
            label="Insert image in the question"
            onUploaded={(md) => set({ question: `${draft.question}\n\n${md}`.trim() })}
          />
        </div>
        {draft.type === 'mcq' && (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Options (select the correct one; blank options are dropped)</legend>
            <div className="mt-1 grid gap-2">
              {draft.options.map((option, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the 4 option slots are fixed positions
                <div key={i} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-correct`}
                    className="h-4 w-4 accent-green-700"
                    checked={draft.correctAnswer === i}
                    onChange={() => set({ correctAnswer: i })}
                    aria-label={`Option ${i + 1} is the correct answer`}
                  />
                  <input
                    type="text"
                    className={inputClass}
                    value={option}
                    aria-label={`Option ${i + 1}`}
                    placeholder={`Option ${i + 1}`}
                    onChange={(e) => set({ options: draft.options.map((o, j) => (j === i ? e.target.value : o)) })}
                  />
                </div>
              ))}
            </div>
          </fieldset>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-explanation`} className="text-sm font-medium text-slate-700">
            Explanation (optional)
          </label>
          <input
            id={`${id}-explanation`}
            type="text"
            className={inputClass}
            value={draft.explanation}
            onChange={(e) => set({ explanation: e.target.value })}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass.primary} onClick={save}>
            {editing ? 'Update Question' : 'Add Question'}
          </button>
          {editing && (
            <button type="button" className={buttonClass.secondary} onClick={onCancelEdit}>
              Cancel Edit
            </button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
