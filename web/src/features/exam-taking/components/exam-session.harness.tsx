import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt } from '@app/common/schemas/exam-attempt';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadRenderer } from '../../../components/rich-text.tsx';
import { ExamSession } from './exam-session.tsx';

// The exam screen against a scripted server, for its tests: every fetch goes through `server.reply`, which
// a test sets, and is recorded in `server.calls`.
type Call = { method: string; path: string; body: unknown };
export const server = {
  calls: [] as Call[],
  reply: ((_call: Call) => json(500, {})) as (call: Call) => Response | Promise<Response>,
};
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const offline = () => Promise.reject(new TypeError('Failed to fetch'));

export const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const exam: ExamStudent = {
  _id: 'exam-1',
  title: 'Contract Law',
  description: '',
  course: null,
  duration: 30,
  totalMarks: 2,
  passingMarks: 1,
  negativeMarks: 0,
  tieBreakSection: null,
  solutionsRelease: 'with_results',
  resultMode: 'grade',
  sections: [],
  instructions: [],
  questionsCount: 2,
  totalQuestions: 2,
  audience: { courses: [], batches: [], centres: [] },
  openToAll: true,
  opensAt: null,
  closesAt: null,
  mode: 'ranked',
  isActive: true,
  resultsPublished: false,
  resultsPublishedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  attemptStatus: 'in_progress',
  questions: [
    { _id: 'q1', type: 'mcq', question: 'First?', options: ['Yes', 'No'], marks: 1, section: null, passage: null, negativeMarks: 0 },
    { _id: 'q2', type: 'mcq', question: 'Second?', options: ['Yes', 'No'], marks: 1, section: null, passage: null, negativeMarks: 0 },
  ],
};
const attemptWith = (secondsLeft: number, answers: Attempt['answers'] = {}, currentQuestion: string | null = null): Attempt => ({
  startedAt: new Date(NOW - 60_000).toISOString(),
  deadline: new Date(NOW + secondsLeft * 1000).toISOString(),
  serverNow: new Date(NOW).toISOString(),
  remainingSeconds: secondsLeft,
  answers,
  review: [],
  timeSpent: {},
  currentQuestion,
  savedAt: null,
});
export const submitted = { message: 'ok', submission: { _id: 's1' } };
export const saved = () => json(200, { savedAt: new Date().toISOString(), serverNow: new Date().toISOString(), remainingSeconds: 100 });

/** Opens the exam as a (re)load does: `serverAnswers` are the answers the resumed attempt carries. */
export function renderSession(
  secondsLeft: number,
  serverAnswers: Attempt['answers'] = {},
  currentQuestion: string | null = null,
  more: Partial<Attempt> = {},
) {
  const onSubmitted = vi.fn();
  const onClosed = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <ExamSession
        exam={exam}
        attempt={{ ...attemptWith(secondsLeft, serverAnswers, currentQuestion), ...more }}
        receivedAt={NOW}
        userId="u1"
        onSubmitted={onSubmitted}
        onClosed={onClosed}
      />
    </QueryClientProvider>,
  );
  return { onSubmitted, onClosed, unmount };
}

export const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Saves of answers; the review flags and times travel in their own PUTs, without answers. */
export const saves = () => server.calls.filter((c) => c.method === 'PUT' && (c.body as { answers?: unknown }).answers !== undefined);
export const submits = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/submissions');
export const status = () => screen.getByTestId('save-status').textContent;
export const choose = async (option: 'Yes' | 'No') => {
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(option) }));
  await settle();
};
export const isChosen = (option: 'Yes' | 'No') => (screen.getByRole('radio', { name: new RegExp(option) }) as HTMLInputElement).checked;
/** The page is closed (or the device put away) and opened again later. */
export const reload = (session: { unmount: () => void }) => {
  session.unmount();
  server.calls = [];
};

/** Sets up each test of the file that calls it: fake timers, the scripted fetch, a clean page. */
export function setUpExamSession() {
  // The exam screen is a large tree (palette, sections, passage pane): on a loaded machine its first
  // renders take seconds of wall time, while the fake clock drives everything the tests assert.
  vi.setConfig({ testTimeout: 30_000 });

  // The formatted-text renderer loads lazily; load it once here so no test pays for the import.
  beforeAll(async () => {
    await loadRenderer();
  }, 60_000);

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.clear();
    server.calls = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      const call = { method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : undefined };
      server.calls.push(call);
      return server.reply(call);
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
