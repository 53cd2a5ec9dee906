import { NEW_QUESTION_MARKS } from '@app/common/constants';
import { questionInput } from '@app/common/schemas/exams';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { errorMessages } from './exam-form-resolver.ts';
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

const questionCheck = zodResolver(questionInput);

/** The draft is checked as it goes into the paper (`draftToInput`) against the shared `questionInput`; Save gets the draft. */
const questionResolver: Resolver<QuestionDraft> = async (values, context, options) => {
  const checked = await questionCheck(draftToInput(values), context, options as never);
  if (Object.keys(checked.errors).length > 0) return { values: {}, errors: checked.errors as FieldErrors<QuestionDraft> };
  return { values, errors: {} };
};

/** docs/product.md section 5 "Adding a question": text not blank, MCQ with at least 2 non-blank options, marks at least 1. */
export function QuestionEditor({ editing, number, disabled, onSave, onCancelEdit }: Props) {
  const { register, handleSubmit, reset, watch, setValue, getValues, setFocus, formState } = useForm<QuestionDraft>({
    defaultValues: editing ?? newQuestionDraft(),
    resolver: questionResolver,
    // The first message shows above the question until the next Save, where the admin's eyes already are.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = errorMessages(formState.errors)[0]?.message ?? null;
  const id = useId();

  useEffect(() => {
    reset(editing ?? newQuestionDraft());
    if (editing) setFocus('question');
  }, [editing, reset, setFocus]);

  const save = handleSubmit((draft) => {
    onSave(draft);
    if (!editing) reset(newQuestionDraft());
  });
  const type = watch('type');
  const options = watch('options');
  const correctAnswer = watch('correctAnswer');

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
            <select id={`${id}-type`} className={inputClass} {...register('type')}>
              <option value="mcq">Multiple choice (MCQ)</option>
              <option value="descriptive">Descriptive</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-marks`} className="text-sm font-medium text-slate-700">
              Marks
            </label>
            <input id={`${id}-marks`} type="number" min={NEW_QUESTION_MARKS} step="any" className={inputClass} {...register('marks')} />
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
              {...register('negativeMarks')}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-700">
            Question
          </label>
          <textarea id={`${id}-text`} rows={3} className={inputClass} {...register('question')} />
          <ImageUploadButton
            label="Insert image in the question"
            onUploaded={(md) => setValue('question', `${getValues('question')}\n\n${md}`.trim())}
          />
        </div>
        {type === 'mcq' && (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Options (select the correct one; blank options are dropped)</legend>
            <div className="mt-1 grid gap-2">
              {options.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the 4 option slots are fixed positions
                <div key={i} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-correct`}
                    className="h-4 w-4 accent-green-700"
                    checked={correctAnswer === i}
                    onChange={() => setValue('correctAnswer', i)}
                    aria-label={`Option ${i + 1} is the correct answer`}
                  />
                  <input
                    type="text"
                    className={inputClass}
                    aria-label={`Option ${i + 1}`}
                    placeholder={`Option ${i + 1}`}
                    {...register(`options.${i}`)}
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
          <input id={`${id}-explanation`} type="text" className={inputClass} {...register('explanation')} />
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
