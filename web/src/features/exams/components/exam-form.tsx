import { EXAM_DEFAULTS } from '@app/common/constants';
import { EXAM_MESSAGES, type ExamAdmin, type ExamBody, examBody } from '@app/common/schemas/exams';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { useActiveCourses } from '../../../api/courses.ts';
import { useSaveExam } from '../api/exams.ts';
import { EXAM_UI } from '../messages.ts';
import { InstructionsEditor } from './instructions-editor.tsx';
import { draftFromQuestion, draftToInput, marksOf, type QuestionDraft } from './question-draft.ts';
import { QuestionEditor } from './question-editor.tsx';
import { QuestionList } from './question-list.tsx';

type Scalars = Pick<ExamBody, 'title' | 'description' | 'course' | 'duration' | 'totalMarks' | 'passingMarks'>;

const defaultsOf = (exam: ExamAdmin | null): Scalars => ({
  title: exam?.title ?? '',
  description: exam?.description ?? '',
  course: exam?.course?._id ?? '',
  duration: exam?.duration ?? EXAM_DEFAULTS.duration,
  totalMarks: exam?.totalMarks ?? EXAM_DEFAULTS.totalMarks,
  passingMarks: exam?.passingMarks ?? EXAM_DEFAULTS.passingMarks,
});

/** SPEC.md section 5 "Exam form": create or edit an exam with its questions. */
export function ExamForm({ exam, onDone }: { exam: ExamAdmin | null; onDone: () => void }) {
  const courses = useActiveCourses();
  const save = useSaveExam();
  const { register, handleSubmit, formState, setError, watch } = useForm<Scalars>({
    resolver: zodResolver(examBody),
    defaultValues: defaultsOf(exam),
  });
  const [instructions, setInstructions] = useState<string[]>(() => exam?.instructions ?? []);
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => exam?.questions.map(draftFromQuestion) ?? []);
  const [editing, setEditing] = useState<QuestionDraft | null>(null);
  const locked = Boolean(exam?.questionsLocked);

  const sum = Math.round(questions.reduce((s, q) => s + marksOf(q), 0) * 100) / 100;
  const total = Number(watch('totalMarks'));
  const sumMatches = questions.length === 0 || sum === total;

  const onSaveQuestion = (draft: QuestionDraft) => {
    setQuestions((list) => (list.some((q) => q.key === draft.key) ? list.map((q) => (q.key === draft.key ? draft : q)) : [...list, draft]));
    setEditing(null);
  };
  const move = (index: number, by: -1 | 1) =>
    setQuestions((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      return next;
    });
  const remove = (index: number) => {
    const removed = questions[index];
    setQuestions((list) => list.filter((_, i) => i !== index));
    if (editing?.key === removed?.key) setEditing(null);
  };

  const onSubmit = handleSubmit((values) => {
    const body: ExamBody = { ...values, instructions, questions: questions.map(draftToInput) };
    const checked = examBody.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'totalMarks' || field === 'passingMarks') setError(field, { message: issue.message });
        else toast.error(issue.message);
      }
      return;
    }
    save.mutate(
      { id: exam?._id ?? null, body },
      {
        onSuccess: () => {
          toast.success(exam ? 'Exam updated successfully' : 'Exam created successfully');
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) {
              if (name in defaultsOf(null)) setError(name as keyof Scalars, { message });
            }
          }
        },
      },
    );
  });

  const e = formState.errors;
  const courseOptions = [
    { value: '', label: courses.isPending ? 'Loading courses...' : 'Select a course' },
    ...(courses.data ?? []).map((c) => ({ value: c._id, label: c.name })),
    ...(exam?.course && !courses.data?.some((c) => c._id === exam.course?._id)
      ? [{ value: exam.course._id, label: `${exam.course.name} (inactive)` }]
      : []),
  ];

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 rounded-xl bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-xl font-bold text-brand-800">{exam ? 'Edit Exam' : 'Create New Exam'}</h2>
      {save.isError && <FormAlert>{errorMessage(save.error, EXAM_UI.saveError)}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Title" error={e.title?.message} {...register('title')} />
        <SelectField label="Course" options={courseOptions} error={e.course?.message} {...register('course')} />
        <div className="sm:col-span-2">
          <TextAreaField label="Description" rows={3} error={e.description?.message} {...register('description')} />
        </div>
        {courses.isError && (
          <div className="sm:col-span-2">
            <FormAlert>
              Could not load the courses.{' '}
              <button type="button" className="font-semibold underline" onClick={() => courses.refetch()}>
                Retry
              </button>
            </FormAlert>
          </div>
        )}
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <Field label="Duration (minutes)" type="number" min={1} error={e.duration?.message} {...register('duration')} />
          <Field label="Total marks" type="number" min={1} error={e.totalMarks?.message} {...register('totalMarks')} />
          <Field label="Passing marks" type="number" min={0} error={e.passingMarks?.message} {...register('passingMarks')} />
        </div>
      </div>
      <InstructionsEditor value={instructions} onChange={setInstructions} />
      <section aria-labelledby="questions-heading" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="questions-heading" className="text-lg font-semibold text-brand-800">
            Questions ({questions.length})
          </h3>
          <p
            role="status"
            className={`text-sm font-medium ${questions.length === 0 ? 'text-slate-600' : sumMatches ? 'text-green-800' : 'text-amber-800'}`}
          >
            Question marks: {sum} / Total marks: {Number.isFinite(total) ? total : '—'}
            {!sumMatches && ' — they must be equal'}
          </p>
        </div>
        {locked && (
          <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
            {EXAM_MESSAGES.questionsLocked}
          </p>
        )}
        <QuestionList
          questions={questions}
          editingKey={editing?.key ?? null}
          locked={locked}
          onMove={move}
          onEdit={setEditing}
          onRemove={remove}
        />
        {!locked && (
          <QuestionEditor
            editing={editing}
            number={editing ? questions.findIndex((q) => q.key === editing.key) + 1 : questions.length + 1}
            onSave={onSaveQuestion}
            onCancelEdit={() => setEditing(null)}
          />
        )}
      </section>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <button type="button" className={buttonClass.secondary} onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : exam ? 'Update Exam' : 'Create Exam'}
        </button>
      </div>
    </form>
  );
}
