import { BANK_EXAM_LABELS, BANK_EXAMS, type BankQuestion, bankQuestionBody } from '@app/common/schemas/question-bank';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DIFFICULTY_OPTIONS } from '../../../api/question-bank.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSaveBankQuestion } from '../api/bank.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

type Values = {
  exam: string;
  section: string;
  topic: string;
  difficulty: string;
  source: string;
  tags: string;
  passageText: string;
  question: string;
  options: string[];
  correctAnswer: string;
  marks: string;
  negativeMarks: string;
  explanation: string;
};

const LETTERS = ['A', 'B', 'C', 'D'];

const toBody = (v: Values) => ({
  exam: v.exam || null,
  section: v.section,
  topic: v.topic,
  difficulty: v.difficulty || null,
  source: v.source,
  tags: v.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  passageText: v.passageText.trim() ? v.passageText : null,
  question: v.question,
  options: v.options,
  correctAnswer: v.correctAnswer,
  marks: v.marks,
  negativeMarks: v.negativeMarks.trim() === '' ? null : v.negativeMarks,
  explanation: v.explanation,
});

// The form's fields become the server's body, checked by the server's own schema.
const formSchema = z
  .custom<Values>()
  .transform((v): unknown => toBody(v))
  .pipe(bankQuestionBody);

const toValues = (q: BankQuestion | null): Values => ({
  exam: q?.exam ?? '',
  section: q?.section ?? '',
  topic: q?.topic ?? '',
  difficulty: q?.difficulty ? String(q.difficulty) : '',
  source: q?.source ?? '',
  tags: q?.tags.join(', ') ?? '',
  passageText: q?.passage?.body ?? '',
  question: q?.question ?? '',
  options: [0, 1, 2, 3].map((i) => q?.options[i] ?? ''),
  correctAnswer: String(q?.correctAnswer ?? 0),
  marks: String(q?.marks ?? 1),
  negativeMarks: q?.negativeMarks === null || q?.negativeMarks === undefined ? '' : String(q.negativeMarks),
  explanation: q?.explanation ?? '',
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; question: BankQuestion | null };

/** Create or edit one bank question (docs/product-question-bank.md). */
export function BankQuestionForm({ open, onOpenChange, question }: Props) {
  const save = useSaveBankQuestion();
  const { reset: resetSave } = save;
  const id = useId();
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<Values>({
    resolver: formResolver(formSchema),
    defaultValues: toValues(question),
  });
  useEffect(() => {
    if (open) {
      reset(toValues(question));
      resetSave();
    }
  }, [open, question, reset, resetSave]);

  const onSubmit = handleSubmit(() =>
    save.mutate(
      { id: question?._id, body: toBody(watch()) as never },
      {
        onSuccess: (saved) => {
          toast.success(
            question
              ? saved.version > question.version
                ? `Saved as version ${saved.version}`
                : 'Question updated'
              : 'Question added to the bank',
          );
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) setError(name as keyof Values, { message });
          }
        },
      },
    ),
  );
  const e = formState.errors as Partial<Record<string, { message?: string }>>;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={question ? 'Edit bank question' : 'New bank question'}
      description={
        question && question.timesUsed > 0
          ? 'Exams keep their own copies. If a submitted exam used this version, saving makes a new version.'
          : undefined
      }
      size="xl"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : question ? 'Save Changes' : 'Add Question'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(save.error, 'Could not save the question.')}</FormAlert>
          </div>
        )}
        <div className="sm:col-span-2">
          <TextAreaField label="Question" rows={3} error={e.question?.message} {...register('question')} />
        </div>
        {LETTERS.map((l, i) => (
          <Field
            key={l}
            label={`Option ${l}${i >= 2 ? ' (optional)' : ''}`}
            error={i === 0 ? e.options?.message : undefined}
            {...register(`options.${i}` as const)}
          />
        ))}
        <SelectField
          label="Correct answer"
          options={LETTERS.map((l, i) => ({ value: String(i), label: `Option ${l}` }))}
          error={e.correctAnswer?.message}
          {...register('correctAnswer')}
        />
        <Field label="Marks" type="number" inputMode="decimal" min={1} step={0.25} error={e.marks?.message} {...register('marks')} />
        <Field
          label="Negative marks"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.25}
          hint="Blank: the exam's penalty"
          error={e.negativeMarks?.message}
          {...register('negativeMarks')}
        />
        <SelectField
          label="Exam"
          options={[{ value: '', label: 'Any exam' }, ...BANK_EXAMS.map((x) => ({ value: x, label: BANK_EXAM_LABELS[x] }))]}
          error={e.exam?.message}
          {...register('exam')}
        />
        <Field label="Section" placeholder="Legal Reasoning" error={e.section?.message} {...register('section')} />
        <Field label="Topic" placeholder="Constitution: Article 21" error={e.topic?.message} {...register('topic')} />
        <SelectField
          label="Difficulty"
          options={[{ value: '', label: 'Not set' }, ...DIFFICULTY_OPTIONS.slice(1)]}
          error={e.difficulty?.message}
          {...register('difficulty')}
        />
        <Field label="Source" placeholder="CLAT 2024 Q37" error={e.source?.message} {...register('source')} />
        <Field label="Tags" hint="Separated by commas" error={e.tags?.message} {...register('tags')} />
        <div className="sm:col-span-2">
          <TextAreaField label="Passage (optional)" rows={4} error={e.passageText?.message} {...register('passageText')} />
          {question?.passage && (
            <p className="mt-1 text-sm text-slate-600">
              Shared with the other questions on this passage: an edit changes it for all of them.
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Explanation (optional)" rows={2} error={e.explanation?.message} {...register('explanation')} />
        </div>
      </form>
    </Modal>
  );
}
