import { round2 } from '@app/common/rules/rounding';
import { EXAM_DEFAULTS } from '@app/common/constants';
import { SCHEDULE_KEYS } from '@app/common/schemas/exam-schedule';
import { EXAM_MESSAGES, type ExamBody } from '@app/common/schemas/exams';
import type { ExamAdmin } from '@app/common/schemas/exam-views';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { useActiveCourses } from '../../../api/courses.ts';
import { useExamPresets, useSaveExam } from '../api/exams.ts';
import { type ExamFields, errorMessages, examFormResolver } from './exam-form-resolver.ts';
import { PaperEditor } from './paper-editor.tsx';
import { PaperPreview } from './paper-preview.tsx';
import { newSection, paperMarks, rangeWarnings, type SectionDraft, sectionsFromExam, sectionsFromPreset } from './paper-draft.ts';
import { EXAM_UI } from '../messages.ts';
import { type ScheduleDraft, ScheduleFields, scheduleDraftOf } from './schedule-fields.tsx';
import { InstructionsEditor } from './instructions-editor.tsx';
import { draftFromQuestion, marksOf, type QuestionDraft } from './question-draft.ts';
import { QuestionEditor } from './question-editor.tsx';
import { QuestionList } from './question-list.tsx';

const defaultsOf = (exam: ExamAdmin | null): ExamFields => ({
  title: exam?.title ?? '',
  description: exam?.description ?? '',
  course: exam?.course?._id ?? '',
  duration: exam?.duration ?? EXAM_DEFAULTS.duration,
  totalMarks: exam?.totalMarks ?? EXAM_DEFAULTS.totalMarks,
  passingMarks: exam ? exam.passingMarks : EXAM_DEFAULTS.passingMarks,
  negativeMarks: exam?.negativeMarks ?? 0,
  resultMode: exam?.resultMode ?? 'grade',
  tieBreakSection: exam?.tieBreakSection ?? '',
  solutionsRelease: exam?.solutionsRelease ?? 'with_results',
});

/** docs/product.md section 5 "Exam form": create or edit an exam with its questions. */
export function ExamForm({ exam, onDone }: { exam: ExamAdmin | null; onDone: () => void }) {
  const courses = useActiveCourses();
  const save = useSaveExam();
  const presets = useExamPresets();
  const [instructions, setInstructions] = useState<string[]>(() => exam?.instructions ?? []);
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => exam?.questions.map(draftFromQuestion) ?? []);
  const [editing, setEditing] = useState<QuestionDraft | null>(null);
  const [sections, setSections] = useState<SectionDraft[] | null>(() => (exam && exam.sections.length > 0 ? sectionsFromExam(exam) : null));
  const [presetId, setPresetId] = useState('');
  const [schedule, setSchedule] = useState<ScheduleDraft>(() => scheduleDraftOf(exam));
  const [scheduleErrors, setScheduleErrors] = useState<Record<string, string>>({});
  const [previewOpen, setPreviewOpen] = useState(false);
  const { register, handleSubmit, formState, setError, watch, setValue } = useForm<ExamFields, unknown, ExamBody>({
    // The shared schema checks the fields, then the whole body with the paper and schedule (exam-form-resolver.ts).
    resolver: examFormResolver({ instructions, questions, sections, schedule }),
    // Every message of the whole body is reported (a paper can break two rules at once).
    criteriaMode: 'all',
    defaultValues: defaultsOf(exam),
  });
  const locked = Boolean(exam?.questionsLocked);
  const rankMode = watch('resultMode') === 'rank';

  const applyPreset = () => {
    const preset = presets.data?.find((p) => p.id === presetId);
    if (!preset) return;
    setValue('duration', preset.duration);
    setValue('negativeMarks', preset.negativeMarks);
    setValue('resultMode', preset.resultMode);
    if (preset.resultMode === 'rank') setValue('passingMarks', null);
    setValue('tieBreakSection', preset.tieBreakSection ?? '');
    setSections(sectionsFromPreset(preset));
    setQuestions([]);
  };
  const paperEmpty = questions.length === 0 && (sections ?? []).every((s) => s.passages.length === 0 && s.questions.length === 0);

  const sum = sections ? paperMarks(sections) : round2(questions.reduce((s, q) => s + marksOf(q), 0));
  const questionCount = sections
    ? sections.reduce((n, s) => n + s.passages.reduce((m, p) => m + p.questions.length, 0) + s.questions.length, 0)
    : questions.length;
  const total = Number(watch('totalMarks'));
  const sumMatches = questionCount === 0 || sum === total;

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

  /** A field's message shows at the field; the schedule's beside its inputs; the paper's as a toast each. */
  const onInvalid = (errors: FieldErrors<ExamFields>) => {
    const scheduleIssues: Record<string, string> = {};
    for (const { name, message } of errorMessages(errors)) {
      if (name in defaultsOf(null)) continue;
      if (SCHEDULE_KEYS.includes(name)) scheduleIssues[name] = message;
      else toast.error(message);
    }
    setScheduleErrors(scheduleIssues);
  };

  const onSubmit = handleSubmit((body) => {
    setScheduleErrors({});
    save.mutate(
      { id: exam?._id ?? null, body },
      {
        onSuccess: () => {
          toast.success(exam ? 'Exam updated successfully' : 'Exam created successfully');
          // Outside a preset's range is allowed (a shorter practice paper): said, never refused.
          for (const warning of rangeWarnings(sections ?? [])) toast.warning(warning);
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) {
              if (name in defaultsOf(null)) setError(name as keyof ExamFields, { message });
            }
            setScheduleErrors(Object.fromEntries(Object.entries(err.fields).filter(([k]) => SCHEDULE_KEYS.includes(k.split('.')[0]))));
          }
        },
      },
    );
  }, onInvalid);

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
      {!locked && (
        <div className="flex flex-wrap items-end gap-2 rounded-lg border border-brand-100 bg-brand-50/50 p-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="exam-preset" className="text-sm font-medium text-slate-700">
              Start from a preset
            </label>
            <select
              id="exam-preset"
              className="rounded-md border border-slate-300 bg-white px-3 py-2"
              value={presetId}
              onChange={(ev) => setPresetId(ev.target.value)}
            >
              <option value="">{presets.isPending ? 'Loading presets...' : 'Choose a paper'}</option>
              {(presets.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={buttonClass.secondary} disabled={!presetId || !paperEmpty} onClick={applyPreset}>
            Use preset
          </button>
          {!paperEmpty && <p className="text-sm text-slate-600">A preset can be applied to an empty paper.</p>}
        </div>
      )}
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
          <Field
            label={rankMode ? 'Passing marks (optional)' : 'Passing marks'}
            type="number"
            min={0}
            error={e.passingMarks?.message}
            {...register('passingMarks')}
          />
        </div>
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <Field
            label="Negative marks per wrong answer"
            type="number"
            min={0}
            step="0.01"
            error={e.negativeMarks?.message}
            {...register('negativeMarks')}
          />
          <SelectField
            label="Result"
            options={[
              { value: 'grade', label: 'Grade and PASS/FAIL' },
              { value: 'rank', label: 'Score and rank (ranked mock)' },
            ]}
            error={e.resultMode?.message}
            {...register('resultMode')}
          />
          <SelectField
            label="Solutions"
            options={[
              { value: 'with_results', label: 'Shown with the results' },
              { value: 'never', label: 'Never shown' },
            ]}
            error={e.solutionsRelease?.message}
            {...register('solutionsRelease')}
          />
          {sections && (
            <SelectField
              label="Tie-break section (equal scores)"
              options={[{ value: '', label: 'None' }, ...sections.map((s) => ({ value: s.title, label: s.title || 'Untitled section' }))]}
              error={e.tieBreakSection?.message}
              {...register('tieBreakSection')}
            />
          )}
        </div>
      </div>
      <ScheduleFields value={schedule} onChange={setSchedule} errors={scheduleErrors} />
      <InstructionsEditor value={instructions} onChange={setInstructions} />
      <section aria-labelledby="questions-heading" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="questions-heading" className="text-lg font-semibold text-brand-800">
            Questions ({questionCount})
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
        <div className="flex flex-wrap gap-2">
          {!sections && !locked && (
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => {
                setSections([{ ...newSection('Section 1'), questions }]);
                setQuestions([]);
                setEditing(null);
              }}
            >
              Organise in sections and passages
            </button>
          )}
          <button type="button" className={buttonClass.secondary} disabled={questionCount === 0} onClick={() => setPreviewOpen(true)}>
            Preview as a student
          </button>
        </div>
        {sections ? (
          <PaperEditor sections={sections} onChange={setSections} locked={locked} />
        ) : (
          <>
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
          </>
        )}
        <PaperPreview
          open={previewOpen}
          onOpenChange={setPreviewOpen}
          title={watch('title')}
          sections={sections ?? [{ ...newSection('Questions'), questions }]}
          negativeMarks={Number(watch('negativeMarks')) || 0}
        />
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
