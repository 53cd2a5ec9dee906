import type { DailyQuizResult, DailyQuizToday } from '@app/common/schemas/daily-quiz';
import { Flame } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useLeaderboard, useStreak, useSubmitQuiz, useTodayQuiz } from './api/daily-quiz.ts';

// /student/daily-quiz (docs/product-daily-quiz.md): today's quiz on one screen, phone first; after the
// submit each answer with the key and its explanation; the streak; the leaderboard by batch or centre,
// this week or this month, with the student's own row even outside the top ten.

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

function StreakCard() {
  const streak = useStreak();
  if (!streak.data) return null;
  const { current, longest } = streak.data;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm" data-testid="streak">
      <Flame aria-hidden="true" className={`h-8 w-8 ${current > 0 ? 'text-orange-500' : 'text-slate-300'}`} />
      <div>
        <p className="text-lg font-bold text-slate-900">
          {current} day{current === 1 ? '' : 's'} streak
        </p>
        <p className="text-sm text-slate-600">Longest: {longest}</p>
      </div>
    </div>
  );
}

function Quiz({ quiz }: { quiz: DailyQuizToday }) {
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const started = useRef(Date.now());
  const submit = useSubmitQuiz();
  const result: DailyQuizResult | null = quiz.result ?? submit.data ?? null;
  const byId = new Map(result?.questions.map((q) => [q._id, q]));
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit.mutate({ id: quiz._id, answers, timeTaken: Math.round((Date.now() - started.current) / 1000) });
      }}
    >
      <h2 className="text-xl font-bold text-brand-800">{quiz.title}</h2>
      {quiz.negativeMarks > 0 && <p className="text-sm text-slate-600">A wrong answer costs {quiz.negativeMarks} marks.</p>}
      {result && (
        <FormAlert tone="success">
          Your score: {result.score} / {result.maxScore} ({result.correct} correct, {result.wrong} wrong, {result.unattempted} not answered)
        </FormAlert>
      )}
      {quiz.questions.map((q, i) => {
        const marked = byId.get(q._id);
        return (
          <fieldset key={q._id} className="rounded-xl bg-white p-4 shadow-sm">
            <legend className="sr-only">Question {i + 1}</legend>
            <p className="whitespace-pre-line font-medium text-slate-900">
              {i + 1}. {q.question}
            </p>
            <div className="mt-3 space-y-2">
              {q.options.map((o, oi) => {
                const chosen = marked ? marked.selected === oi : answers[q._id] === oi;
                const tone = marked
                  ? oi === marked.correctAnswer
                    ? 'border-green-600 bg-green-50'
                    : chosen
                      ? 'border-red-600 bg-red-50'
                      : 'border-slate-200'
                  : chosen
                    ? 'border-brand-700 bg-brand-50'
                    : 'border-slate-200';
                return (
                  <label key={o} className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 ${tone}`}>
                    <input
                      type="radio"
                      name={q._id}
                      checked={chosen}
                      disabled={!!marked}
                      onChange={() => setAnswers((a) => ({ ...a, [q._id]: oi }))}
                    />
                    <span>
                      {LETTERS[oi]}. {o}
                    </span>
                  </label>
                );
              })}
            </div>
            {marked && (
              <div className="mt-3 text-sm">
                <p className={marked.outcome === 'correct' ? 'text-green-800' : 'text-red-800'}>
                  {marked.outcome === 'correct' ? 'Correct' : marked.outcome === 'wrong' ? 'Wrong' : 'Not answered'}. Answer:{' '}
                  {LETTERS[marked.correctAnswer]}
                </p>
                {marked.explanation && <p className="mt-1 text-slate-700">{marked.explanation}</p>}
              </div>
            )}
          </fieldset>
        );
      })}
      {submit.isError && <FormAlert>{errorMessage(submit.error, 'Could not submit your answers')}</FormAlert>}
      {!result && (
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={submit.isPending}>
          {submit.isPending ? 'Submitting…' : 'Submit answers'}
        </button>
      )}
    </form>
  );
}

function Board() {
  const [scope, setScope] = useState<'batch' | 'centre'>('batch');
  const [period, setPeriod] = useState<'week' | 'month'>('week');
  const board = useLeaderboard(scope, period);
  const tab = (on: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-semibold ${on ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`;
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" aria-labelledby="board-title">
      <h2 id="board-title" className="text-lg font-bold text-brand-800">
        Leaderboard
      </h2>
      <fieldset className="mt-2 flex flex-wrap gap-2">
        <legend className="sr-only">Which leaderboard</legend>
        <button type="button" className={tab(scope === 'batch')} aria-pressed={scope === 'batch'} onClick={() => setScope('batch')}>
          Batch
        </button>
        <button type="button" className={tab(scope === 'centre')} aria-pressed={scope === 'centre'} onClick={() => setScope('centre')}>
          Centre
        </button>
        <span className="w-2" />
        <button type="button" className={tab(period === 'week')} aria-pressed={period === 'week'} onClick={() => setPeriod('week')}>
          This week
        </button>
        <button type="button" className={tab(period === 'month')} aria-pressed={period === 'month'} onClick={() => setPeriod('month')}>
          This month
        </button>
      </fieldset>
      <QueryState query={board} errorText="Could not load the leaderboard" compact>
        {(b) => (
          <table className="mt-3 w-full text-sm" data-testid="leaderboard">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1">Rank</th>
                <th>Name</th>
                <th className="text-right">Score</th>
              </tr>
            </thead>
            <tbody>
              {b.top.map((r) => (
                <tr key={r.rank} className={r.me ? 'font-bold text-brand-800' : ''}>
                  <td className="py-1">{r.rank}</td>
                  <td>{r.me ? `${r.name} (You)` : r.name}</td>
                  <td className="text-right">{r.score}</td>
                </tr>
              ))}
              {!b.top.some((r) => r.me) && (
                <tr className="border-t font-bold text-brand-800" data-testid="my-row">
                  <td className="py-1">{b.me.rank ?? '—'}</td>
                  <td>You</td>
                  <td className="text-right">{b.me.score}</td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}

export default function DailyQuizPage() {
  usePageTitle('Daily quiz');
  const today = useTodayQuiz();
  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-brand-800">Daily quiz</h1>
      <StreakCard />
      <QueryState
        query={today}
        errorText={(e) => errorMessage(e, "Could not load today's quiz")}
        errorView={(e) =>
          e instanceof ApiError && e.status === 404 ? (
            <p className="rounded-xl bg-white p-4 text-slate-700 shadow-sm">
              No quiz for you yet today. Today's quiz opens at 6 am; come back then.
            </p>
          ) : null
        }
      >
        {(quiz) => <Quiz quiz={quiz} />}
      </QueryState>
      <Board />
    </section>
  );
}
