import { fireEvent, screen, act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  json,
  NOW,
  offline,
  reload,
  renderSession,
  server,
  settle,
  setUpExamSession,
  submits,
  submitted,
  saved,
  saves,
  status,
  choose,
  isChosen,
} from './exam-session.harness.tsx';

setUpExamSession();

describe('ExamSession: the question the student is on', () => {
  it('reopens on the question kept with the attempt and keeps each move with it', async () => {
    server.reply = () => saved();
    renderSession(600, {}, 'q2');
    await settle();
    expect(screen.getByRole('heading', { name: 'Question 2' })).toBeTruthy();
    const positions = () =>
      server.calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { currentQuestion?: string }).currentQuestion);

    // The first move goes with the review flags and times; quick moves after it make one light save.
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await settle();
    expect(positions()).toEqual(['q1']);
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    await settle(1000);
    expect(positions()).toEqual(['q1', 'q2']);
    expect(server.calls.at(-1)?.body).toEqual({ currentQuestion: 'q2' });
  });

  it('keeps the place on the device while offline: a reload reopens there, visited, and tells the server', async () => {
    // The connection drops on question 1; the student moves on to question 2 and the save of that fails.
    server.reply = offline;
    const first = renderSession(600);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    await settle(1000);
    expect(screen.getByRole('heading', { name: 'Question 2' })).toBeTruthy();
    // Back online, the page is reloaded before anything reached the server: it still has question 1.
    reload(first);
    server.reply = () => saved();
    renderSession(600, {}, 'q1', { savedAt: new Date(NOW - 30_000).toISOString() });
    await settle();
    expect(screen.getByRole('heading', { name: 'Question 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 1, Not Answered' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 2, Not Answered, current' })).toBeTruthy();
    // The next save carries the whole place, and once the server has it nothing is kept any more.
    const [sync] = server.calls.filter((c) => c.method === 'PUT');
    expect(sync.body).toMatchObject({ currentQuestion: 'q2', review: [], timeSpent: { q1: 0, q2: 0 } });
    expect(localStorage.getItem('exam-place:v1:exam-1:u1')).toBeNull();
  });

  it('carries the kept place with the next answer save, and reopens where another device went since', async () => {
    server.reply = offline;
    const first = renderSession(600);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    await settle(1000);
    await choose('No');
    expect(saves().at(-1)?.body).toMatchObject({ answers: { q2: 1 }, currentQuestion: 'q2', timeSpent: { q1: 0, q2: 1 } });
    // Meanwhile the student went back to question 1 on another device, whose save came after.
    reload(first);
    server.reply = () => saved();
    renderSession(600, { q2: 1 }, 'q1', { savedAt: new Date(NOW + 60_000).toISOString() });
    await settle();
    expect(screen.getByRole('heading', { name: 'Question 1' })).toBeTruthy();
    // The questions seen here are still visited.
    expect(screen.getByRole('button', { name: 'Question 2, Answered' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 1, Not Answered, current' })).toBeTruthy();
  });

  it('saves the answers left behind on a move with the question moved to', async () => {
    renderSession(600);
    server.reply = () => json(500, { message: 'Internal error' });
    await choose('Yes');
    server.reply = () => saved();
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    await settle();
    expect(saves().map((c) => c.body)).toEqual([
      { answers: { q1: 0 }, currentQuestion: 'q1' },
      { answers: { q1: 0 }, currentQuestion: 'q2' },
    ]);
  });

  it('ignores a place kept from an earlier attempt', async () => {
    localStorage.setItem(
      'exam-place:v1:exam-1:u1',
      JSON.stringify({ at: NOW - 120_000, currentQuestion: 'q2', review: ['q2'], timeSpent: { q2: 5 } }),
    );
    server.reply = () => saved();
    renderSession(600);
    await settle();
    expect(screen.getByRole('heading', { name: 'Question 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 2, Not Visited' })).toBeTruthy();
  });

  it('opens on the first question when none is kept, or the kept one is no longer in the paper', () => {
    renderSession(600, {}, 'gone');
    expect(screen.getByRole('heading', { name: 'Question 1' })).toBeTruthy();
  });
});

describe('ExamSession: saving', () => {
  it('shows the closed notice when the server says the attempt is closed', async () => {
    const { onClosed } = renderSession(600);
    server.reply = () => json(409, { message: 'The time for this exam is over. Your saved answers were submitted.' });
    fireEvent.click(screen.getByRole('radio', { name: /Yes/ }));
    await settle();
    expect(onClosed).toHaveBeenCalledWith('The time for this exam is over. Your saved answers were submitted.');
  });

  it('ignores a save refused because this device has just submitted', async () => {
    const { onSubmitted, onClosed } = renderSession(600);
    let answerSave: (r: Response) => void = () => {};
    server.reply = (call) => (call.method === 'PUT' ? new Promise<Response>((resolve) => (answerSave = resolve)) : json(201, submitted));
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
    server.reply = () => json(500, { message: 'Internal error' });
    fireEvent.click(screen.getByRole('radio', { name: /Yes/ }));
    await settle();
    expect(status()).toBe('Not saved');
    fireEvent.click(screen.getByRole('radio', { name: /No/ }));
    await settle();
    expect(status()).toBe('Not saved');
    server.reply = () => saved();
    await settle(60_000);
    expect(status()).toBe('Saved');
    expect(saves().at(-1)?.body).toEqual({ answers: { q1: 1 }, currentQuestion: 'q1' });
  });
});

describe('ExamSession: resuming with answers this device had not saved', () => {
  it("keeps an answer another device saved since, instead of resending this device's older one", async () => {
    // This device goes offline with "Yes" chosen and not saved.
    server.reply = offline;
    const first = renderSession(600);
    await choose('Yes');
    expect(status()).toBe('Not saved');
    // Meanwhile the student carries on on another device and chooses "No"; then this device is reloaded.
    reload(first);
    server.reply = () => saved();
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
    server.reply = () => saved();
    const first = renderSession(600);
    await choose('Yes');
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 0 }, currentQuestion: 'q1' }]);
    // Offline: "No" replaces the saved "Yes" on this device only.
    server.reply = offline;
    await choose('No');
    reload(first);
    server.reply = () => saved();
    renderSession(600, { q1: 0 });
    await settle();
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 1 }, currentQuestion: 'q1' }]);
    expect(isChosen('No')).toBe(true);
    expect(status()).toBe('Saved');
  });

  it('resends them when a save reached the server but its answer was lost with the connection', async () => {
    // "Yes" reached the server, then the connection dropped before the answer came back; "No" never left.
    server.reply = offline;
    const first = renderSession(600);
    await choose('Yes');
    await choose('No');
    reload(first);
    server.reply = () => saved();
    renderSession(600, { q1: 0 });
    await settle();
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 1 }, currentQuestion: 'q1' }]);
    expect(isChosen('No')).toBe(true);
  });

  it('resends the answers of a record kept by the previous version, which has no base', async () => {
    localStorage.setItem('exam-progress:exam-1:u1', JSON.stringify({ q1: 0 }));
    server.reply = () => saved();
    const first = renderSession(600, { q1: 1 });
    await settle();
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 0 }, currentQuestion: 'q1' }]);
    expect(isChosen('Yes')).toBe(true);
    expect(localStorage.getItem('exam-progress:exam-1:u1')).toBeNull();
    // Saved: nothing is left to resend.
    reload(first);
    renderSession(600, { q1: 0 });
    await settle();
    expect(saves()).toEqual([]);
  });

  it("submits at zero with the other device's newer answer", async () => {
    server.reply = offline;
    const first = renderSession(600);
    await choose('Yes');
    reload(first);
    server.reply = () => json(201, submitted);
    const { onSubmitted } = renderSession(0, { q1: 1 });
    await settle();
    expect(submits().map((c) => (c.body as { answers: unknown }).answers)).toEqual([{ q1: 1, q2: null }]);
    expect(saves()).toEqual([]);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
});
