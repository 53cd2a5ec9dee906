import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionDraft } from './question-draft.ts';
import { QuestionEditor } from './question-editor.tsx';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));

describe('the question editor (docs/product.md section 5, "Adding a question")', () => {
  it("shows the shared schema's first message on Save and adds nothing until the question is whole", async () => {
    const onSave = vi.fn();
    render(<QuestionEditor editing={null} number={1} onSave={onSave} onCancelEdit={() => {}} />);
    add();
    expect(await screen.findByText(EXAM_MESSAGES.questionRequired)).toBeTruthy();
    type('Question', 'Which Article guarantees equality before law?');
    type('Option 1', 'Article 19');
    add();
    expect(await screen.findByText(EXAM_MESSAGES.mcqOptions)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    type('Option 2', 'Article 14');
    fireEvent.click(screen.getByLabelText('Option 2 is the correct answer'));
    add();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0][0] as QuestionDraft;
    expect(saved).toMatchObject({ type: 'mcq', question: 'Which Article guarantees equality before law?', correctAnswer: 1 });
    expect(saved.options).toEqual(['Article 19', 'Article 14', '', '']);
    // A new, empty question is ready, and the message is gone.
    await waitFor(() => expect((screen.getByLabelText('Question') as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByText(EXAM_MESSAGES.mcqOptions)).toBeNull();
  });

  it('edits a question in place and saves it under its own key', async () => {
    const onSave = vi.fn();
    const editing: QuestionDraft = {
      key: 'q-1',
      type: 'descriptive',
      question: 'Explain the doctrine of basic structure.',
      options: ['', '', '', ''],
      correctAnswer: 0,
      marks: 2,
      negativeMarks: '',
      explanation: '',
    };
    render(<QuestionEditor editing={editing} number={2} onSave={onSave} onCancelEdit={() => {}} />);
    expect((screen.getByLabelText('Question') as HTMLTextAreaElement).value).toBe(editing.question);
    type('Marks', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Update Question' }));
    expect(await screen.findByText(EXAM_MESSAGES.marksMin)).toBeTruthy();
    type('Marks', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Update Question' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ key: 'q-1', marks: '3' })));
  });
});
