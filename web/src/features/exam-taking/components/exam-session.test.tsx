import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt } from '@app/common/schemas/exam-attempt';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRenderer } from '../../../components/rich-text.tsx';
import { ExamSession } from './exam-session.tsx';

// The exam screen against a scripted server: every fetch goes through `reply`, which a test sets.
type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let reply: (call: Call) => Response | Promise<Response> = () => json(500, {});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
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
const submitted = { message: 'ok', submission: { _id: 's1' } };
const saved = () => json(200, { savedAt: new Date().toISOString(), serverNow: new Date().toISOString(), remainingSeconds: 100 });

/** Opens the exam as a (re)load does: `serverAnswers` are the answers the resumed attempt carries. */
function renderSession(secondsLeft: number, serverAnswers: Attempt['answers'] = {}, currentQuestion: string | null = null) {
  const onSubmitted = vi.fn();
  const onClosed = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <ExamSession
        exam={exam}
        attempt={attemptWith(secondsLeft, serverAnswers, currentQuestion)}
        receivedAt={NOW}
        userId="u1"
        onSubmitted={onSubmitted}
        onClosed={onClosed}
      />
    </QueryClientProvider>,
  );
  return { onSubmitted, onClosed, unmount };
}

const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Saves of answers; the review flags and times travel in their own PUTs, without answers. */
const saves = () => calls.filter((c) => c.method === 'PUT' && (c.body as { answers?: unknown }).answers !== undefined);
const submits = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/submissions');
const status = () => screen.getByTestId('save-status').textContent;
const choose = async (option: 'Yes' | 'No') => {
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(option) }));
  await settle();
};
const isChosen = (option: 'Yes' | 'No') => (screen.getByRole('radio', { name: new RegExp(option) }) as HTMLInputElement).checked;
/** The page is closed (or the device put away) and opened again later. */
const reload = (session: { unmount: () => void }) => {
  session.unmount();
  calls = [];
};

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
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const call = { method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    return reply(call);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ExamSession: submitting', () => {
  it('keeps saving answers after a submission that failed', async () => {
    renderSession(600);
    reply = () => json(503, { message: 'Service unavailable' });
    fireEvent.click(screen.getAllByRole('button', { name: /Submit Exam/ })[0]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(submits()).toHaveLength(1);
    expect(screen.getByText('Service unavailable')).toBeTruthy();

    // Still in the exam: a new answer is saved to the server, and the indicator says so.
    reply = () => saved();
    fireEvent.click(screen.getByRole('radio', { name: /Yes/ }));
    await settle();
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 0 } }]);
    expect(status()).toBe('Saved');
  });

  it("submits every question in the paper's order, the unanswered ones as null", async () => {
    // Only the second question is answered, so the screen's own map holds it alone.
    renderSession(600, { q2: 1 });
    await settle();
    reply = () => json(201, submitted);
    fireEvent.click(screen.getAllByRole('button', { name: /Submit Exam/ })[0]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    const [body] = submits().map((c) => c.body as { examId: string; answers: Record<string, unknown> });
    expect(body.examId).toBe('exam-1');
    expect(Object.entries(body.answers)).toEqual([
      ['q1', null],
      ['q2', 1],
    ]);
  });

  it('at zero keeps trying to submit while offline or failing, and submits once the server answers', async () => {
    reply = offline;
    const { onSubmitted, onClosed } = renderSession(0);
    await settle();
    expect(submits()).toHaveLength(1);
    // A minute of lost connection, then server errors: nobody is there to press Submit again.
    await settle(60_000);
    reply = () => json(502, { message: 'Bad gateway' });
    await settle(10_000);
    expect(submits().length).toBeGreaterThan(10);
    expect(onSubmitted).not.toHaveBeenCalled();

    reply = () => json(201, submitted);
    await settle(10_000);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(onSubmitted.mock.calls[0][1]).toBe(true);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('at zero submits at once when the connection comes back', async () => {
    reply = offline;
    const { onSubmitted } = renderSession(0);
    await settle(20_000);
    const tried = submits().length;
    reply = () => json(201, submitted);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(submits()).toHaveLength(tried + 1);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
  it('after zero, Submit Exam submits at once when the automatic submission was refused', async () => {
    reply = () => json(400, { message: 'Invalid request' });
    const { onSubmitted } = renderSession(0);
    await settle(10_000);
    expect(submits()).toHaveLength(1);
    expect(screen.getByText('Invalid request')).toBeTruthy();
    reply = () => json(201, submitted);
    fireEvent.click(screen.getAllByRole('button', { name: /Submit Exam/ })[0]);
    await settle();
    expect(submits()).toHaveLength(2);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
});

describe('ExamSession: the question the student is on', () => {
  it('reopens on the question kept with the attempt and keeps each move with it', async () => {
    reply = () => saved();
    renderSession(600, {}, 'q2');
    await settle();
    expect(screen.getByRole('heading', { name: 'Question 2' })).toBeTruthy();
    const positions = () => calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { currentQuestion?: string }).currentQuestion);

    // The first move goes with the review flags and times; quick moves after it make one light save.
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await settle();
    expect(positions()).toEqual(['q1']);
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    await settle(1000);
    expect(positions()).toEqual(['q1', 'q2']);
    expect(calls.at(-1)?.body).toEqual({ currentQuestion: 'q2' });
  });

  it('opens on the first question when none is kept, or the kept one is no longer in the paper', () => {
    renderSession(600, {}, 'gone');
    expect(screen.getByRole('heading', { name: 'Question 1' })).toBeTruthy();
  });
});

describe('ExamSession: saving', () => {
  it('shows the closed notice when the server says the attempt is closed', async () => {
    const { onClosed } = renderSession(600);
    reply = () => json(409, { message: 'The time for this exam is over. Your saved answers were submitted.' });
    fireEvent.click(screen.getByRole('radio', { name: /Yes/ }));
    await settle();
    expect(onClosed).toHaveBeenCalledWith('The time for this exam is over. Your saved answers were submitted.');
  });

  it('ignores a save refused because this device has just submitted', async () => {
    const { onSubmitted, onClosed } = renderSession(600);
    let answerSave: (r: Response) => void = () => {};
    reply = (call) => (call.method === 'PUT' ? new Promise<Response>((resolve) => (answerSave = resolve)) : json(201, submitted));
    fireEvent.click(screen.getByRole('radio', { name: /Yes/ }));
    await settle();
    fireEvent.click(screen.getAllByRole('button', { name: /Submit Exam/ })[0]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    await act(async () => answerSave(json(409, { message: 'Already Attempted' })));
    await settle();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('is Not saved while a save fails with a server error, and saves the latest answers once it recovers', async () => {
    renderSession(600);
    reply = () => json(500, { message: 'Internal error' });
    fireEvent.click(screen.getByRole('radio', { name: /Yes/ }));
    await settle();
    expect(status()).toBe('Not saved');
    fireEvent.click(screen.getByRole('radio', { name: /No/ }));
    await settle();
    expect(status()).toBe('Not saved');
    reply = () => saved();
    await settle(60_000);
    expect(status()).toBe('Saved');
    expect(saves().at(-1)?.body).toEqual({ answers: { q1: 1 } });
  });
});

describe('ExamSession: resuming with answers this device had not saved', () => {
  it("keeps an answer another device saved since, instead of resending this device's older one", async () => {
    // This device goes offline with "Yes" chosen and not saved.
    reply = offline;
    const first = renderSession(600);
    await choose('Yes');
    expect(status()).toBe('Not saved');
    // Meanwhile the student carries on on another device and chooses "No"; then this device is reloaded.
    reload(first);
    reply = () => saved();
    const second = renderSession(600, { q1: 1 });
    await settle(60_000);
    expect(saves()).toEqual([]);
    expect(isChosen('No')).toBe(true);
    expect(status()).toBe('Saved');

    // The dropped answer is gone for good: not resent even once the server no longer holds the other one.
    reload(second);
    renderSession(600, {});
    await settle(60_000);
    expect(saves()).toEqual([]);
    expect(isChosen('Yes')).toBe(false);
  });

  it('resends on a reload of the same device the answers it had not saved', async () => {
    reply = () => saved();
    const first = renderSession(600);
    await choose('Yes');
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 0 } }]);
    // Offline: "No" replaces the saved "Yes" on this device only.
    reply = offline;
    await choose('No');
    reload(first);
    reply = () => saved();
    renderSession(600, { q1: 0 });
    await settle();
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 1 } }]);
    expect(isChosen('No')).toBe(true);
    expect(status()).toBe('Saved');
  });

  it('resends them when a save reached the server but its answer was lost with the connection', async () => {
    // "Yes" reached the server, then the connection dropped before the answer came back; "No" never left.
    reply = offline;
    const first = renderSession(600);
    await choose('Yes');
    await choose('No');
    reload(first);
    reply = () => saved();
    renderSession(600, { q1: 0 });
    await settle();
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 1 } }]);
    expect(isChosen('No')).toBe(true);
  });

  it('resends the answers of a record kept by the previous version, which has no base', async () => {
    localStorage.setItem('exam-progress:exam-1:u1', JSON.stringify({ q1: 0 }));
    reply = () => saved();
    const first = renderSession(600, { q1: 1 });
    await settle();
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 0 } }]);
    expect(isChosen('Yes')).toBe(true);
    expect(localStorage.getItem('exam-progress:exam-1:u1')).toBeNull();
    // Saved: nothing is left to resend.
    reload(first);
    renderSession(600, { q1: 0 });
    await settle();
    expect(saves()).toEqual([]);
  });

  it("submits at zero with the other device's newer answer", async () => {
    reply = offline;
    const first = renderSession(600);
    await choose('Yes');
    reload(first);
    reply = () => json(201, submitted);
    const { onSubmitted } = renderSession(0, { q1: 1 });
    await settle();
    expect(submits().map((c) => (c.body as { answers: unknown }).answers)).toEqual([{ q1: 1, q2: null }]);
    expect(saves()).toEqual([]);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
});
