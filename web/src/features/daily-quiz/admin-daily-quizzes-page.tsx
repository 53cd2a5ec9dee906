import { todayInIndia } from '@app/common/rules/dates';
import type { DailyQuizStaff } from '@app/common/schemas/daily-quiz';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useBatches } from '../../api/batches.ts';
import { useCentres } from '../../api/centres.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useDeleteQuiz, useQuizList, useSaveQuiz } from './api/daily-quiz.ts';

// /admin/daily-quizzes (docs/product-daily-quiz.md): the quizzes by date, a form with inline MCQs and the
// audience (open to all, or batches and centres), edit, and delete after a confirmation.

type DraftQuestion = { _id?: string; question: string; options: string[]; correctAnswer: number; explanation: string };
type Draft = {
  id?: string;
  date: string;
  title: string;
  openToAll: boolean;
  batches: string[];
  centres: string[];
  questions: DraftQuestion[];
};

const blankQuestion = (): DraftQuestion => ({ question: '', options: ['', '', '', ''], correctAnswer: 0, explanation: '' });
const blank = (): Draft => ({ date: todayInIndia(), title: '', openToAll: true, batches: [], centres: [], questions: [blankQuestion()] });
const fromQuiz = (q: DailyQuizStaff): Draft => ({
  id: q._id,
  date: q.date,
  title: q.title,
  openToAll: q.openToAll,
  batches: q.audience.batches,
  centres: q.audience.centres,
  questions: q.questions.map((x) => ({
    _id: x._id,
    question: x.question,
    options: [...x.options, '', '', '', ''].slice(0, Math.max(4, x.options.length)),
    correctAnswer: x.correctAnswer,
    explanation: x.explanation ?? '',
  })),
});

const input = 'w-full rounded-md border border-slate-300 px-3 py-2';

function QuizForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const [d, setD] = useState(initial);
  const save = useSaveQuiz();
  const batches = useBatches({ status: 'active' });
  const centres = useCentres();
  const setQ = (i: number, patch: Partial<DraftQuestion>) =>
    setD((v) => ({ ...v, questions: v.questions.map((q, qi) => (qi === i ? { ...q, ...patch } : q)) }));
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  return (
    <form
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            id: d.id,
            body: {
              date: d.date,
              title: d.title,
              openToAll: d.openToAll,
              audience: { courses: [], batches: d.openToAll ? [] : d.batches, centres: d.openToAll ? [] : d.centres },
              questions: d.questions.map((q) => ({
                _id: q._id,
                type: 'mcq',
                question: q.question,
                options: q.options,
                correctAnswer: q.correctAnswer,
                explanation: q.explanation,
              })),
            },
          },
          {
            onSuccess: () => {
              toast.success('Daily quiz saved');
              onDone();
            },
          },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium">
          Date (IST)
          <input type="date" className={input} value={d.date} onChange={(e) => setD({ ...d, date: e.target.value })} required />
        </label>
        <label className="block text-sm font-medium">
          Title
          <input className={input} value={d.title} onChange={(e) => setD({ ...d, title: e.target.value })} placeholder="Daily quiz" />
        </label>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Audience</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={d.openToAll} onChange={(e) => setD({ ...d, openToAll: e.target.checked })} /> Open to all students
        </label>
        {!d.openToAll && (
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <p className="text-sm font-medium">Batches</p>
              {batches.data?.map((b) => (
                <label key={b._id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={d.batches.includes(b._id)}
                    onChange={() => setD({ ...d, batches: toggle(d.batches, b._id) })}
                  />{' '}
                  {b.name}
                </label>
              ))}
            </div>
            <div>
              <p className="text-sm font-medium">Centres</p>
              {centres.data?.map((c) => (
                <label key={c.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={d.centres.includes(c.id)}
                    onChange={() => setD({ ...d, centres: toggle(d.centres, c.id) })}
                  />{' '}
                  {c.name}
                </label>
              ))}
            </div>
          </div>
        )}
      </fieldset>
      {d.questions.map((q, i) => (
        <fieldset key={q._id ?? i} className="space-y-2 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">Question {i + 1}</legend>
          <textarea
            aria-label={`Question ${i + 1}`}
            className={input}
            rows={3}
            value={q.question}
            onChange={(e) => setQ(i, { question: e.target.value })}
          />
          {q.options.map((o, oi) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the option slots are fixed places in the form.
            <div key={oi} className="flex items-center gap-2">
              <input
                type="radio"
                name={`correct-${i}`}
                aria-label={`Option ${oi + 1} is correct`}
                checked={q.correctAnswer === oi}
                onChange={() => setQ(i, { correctAnswer: oi })}
              />
              <input
                aria-label={`Question ${i + 1} option ${oi + 1}`}
                className={input}
                value={o}
                onChange={(e) => setQ(i, { options: q.options.map((x, xi) => (xi === oi ? e.target.value : x)) })}
              />
            </div>
          ))}
          <input
            aria-label={`Question ${i + 1} explanation`}
            className={input}
            placeholder="Explanation"
            value={q.explanation}
            onChange={(e) => setQ(i, { explanation: e.target.value })}
          />
          {d.questions.length > 1 && (
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => setD({ ...d, questions: d.questions.filter((_, qi) => qi !== i) })}
            >
              Remove question
            </button>
          )}
        </fieldset>
      ))}
      <button type="button" className={buttonClass.secondary} onClick={() => setD({ ...d, questions: [...d.questions, blankQuestion()] })}>
        <Plus aria-hidden="true" className="h-4 w-4" /> Add question
      </button>
      {save.isError && (
        <FormAlert>
          {errorMessage(save.error, 'Could not save the quiz')}
          {Object.entries(fields).map(([k, m]) => (
            <span key={k} className="block text-sm">
              {k}: {m}
            </span>
          ))}
        </FormAlert>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          Save quiz
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export default function AdminDailyQuizzesPage() {
  const list = useQuizList();
  const [editing, setEditing] = useState<Draft | null>(null);
  const del = useDeleteQuiz();
  const confirm = useConfirmDelete<DailyQuizStaff, { message: string }>({
    mutation: del,
    idOf: (q) => q._id,
    title: 'Delete this daily quiz?',
    message: (q) => `${q.title} (${q.date}) and its ${q.submissions} submission(s) will be deleted.`,
    deleted: (a) => a.message,
    failed: 'Could not delete the quiz',
    closeOnError: true,
  });
  return (
    <AdminPage
      title="Daily quizzes"
      actions={
        !editing && (
          <button type="button" className={buttonClass.primary} onClick={() => setEditing(blank())}>
            <Plus aria-hidden="true" className="h-4 w-4" /> New daily quiz
          </button>
        )
      }
    >
      {editing && <QuizForm key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} />}
      <QueryState query={list} errorText="Could not load the daily quizzes" isEmpty={(l) => l.length === 0} empty="No daily quiz yet">
        {(quizzes) => (
          <ul className="mt-4 divide-y rounded-xl bg-white shadow-sm">
            {quizzes.map((q) => (
              <li key={q._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-semibold">
                    {q.date} · {q.title}
                  </p>
                  <p className="text-sm text-slate-600">
                    {q.questions.length} question(s) ·{' '}
                    {q.openToAll ? 'All students' : `${q.audience.batches.length} batch(es), ${q.audience.centres.length} centre(s)`} ·{' '}
                    {q.submissions} taken
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setEditing(fromQuiz(q))}
                    aria-label={`Edit ${q.title} ${q.date}`}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <button
                    type="button"
                    className={buttonClass.danger}
                    onClick={() => confirm.ask(q)}
                    aria-label={`Delete ${q.title} ${q.date}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {confirm.dialog}
    </AdminPage>
  );
}
