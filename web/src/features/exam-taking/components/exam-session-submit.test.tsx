import { fireEvent, screen, act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  json,
  offline,
  renderSession,
  server,
  settle,
  setUpExamSession,
  submits,
  submitted,
  saved,
  saves,
  status,
} from './exam-session.harness.tsx';

setUpExamSession();

describe('ExamSession: submitting', () => {
  it('keeps saving answers after a submission that failed', async () => {
    renderSession(600);
    server.reply = () => json(503, { message: 'Service unavailable' });
    fireEvent.click(screen.getAllByRole('button', { name: /Submit Exam/ })[0]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(submits()).toHaveLength(1);
    expect(screen.getByText('Service unavailable')).toBeTruthy();

    // Still in the exam: a new answer is saved to the server, and the indicator says so.
    server.reply = () => saved();
    fireEvent.click(screen.getByRole('radio', { name: /Yes/ }));
    await settle();
    // The review flags and times sent before the submission failed with it: they go with this save.
    expect(saves().map((c) => c.body)).toEqual([{ answers: { q1: 0 }, currentQuestion: 'q1', review: [], timeSpent: { q1: 0 } }]);
    expect(status()).toBe('Saved');
  });

  it("submits every question in the paper's order, the unanswered ones as null", async () => {
    // Only the second question is answered, so the screen's own map holds it alone.
    renderSession(600, { q2: 1 });
    await settle();
    server.reply = () => json(201, submitted);
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
    server.reply = offline;
    const { onSubmitted, onClosed } = renderSession(0);
    await settle();
    expect(submits()).toHaveLength(1);
    // A minute of lost connection, then server errors: nobody is there to press Submit again.
    await settle(60_000);
    server.reply = () => json(502, { message: 'Bad gateway' });
    await settle(10_000);
    expect(submits().length).toBeGreaterThan(10);
    expect(onSubmitted).not.toHaveBeenCalled();

    server.reply = () => json(201, submitted);
    await settle(10_000);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(onSubmitted.mock.calls[0][1]).toBe(true);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('at zero submits at once when the connection comes back', async () => {
    server.reply = offline;
    const { onSubmitted } = renderSession(0);
    await settle(20_000);
    const tried = submits().length;
    server.reply = () => json(201, submitted);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(submits()).toHaveLength(tried + 1);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
  it('after zero, Submit Exam submits at once when the automatic submission was refused', async () => {
    server.reply = () => json(400, { message: 'Invalid request' });
    const { onSubmitted } = renderSession(0);
    await settle(10_000);
    expect(submits()).toHaveLength(1);
    expect(screen.getByText('Invalid request')).toBeTruthy();
    server.reply = () => json(201, submitted);
    fireEvent.click(screen.getAllByRole('button', { name: /Submit Exam/ })[0]);
    await settle();
    expect(submits()).toHaveLength(2);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
});
