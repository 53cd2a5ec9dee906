import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { courseOf, type PaperJson } from '../analysis/test-fixtures.ts';
import { createPaper, marksOf, paper, sitWith } from './test-fixtures.ts';

// Regrade (docs/product-regrade.md, "Regrade") of a single submission: before the results are
// published, and on a question with its own penalty.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('regrade before publication', () => {
  it('e-mails without figures: marks stay hidden until the results are published', async () => {
    const exam = await createPaper(t, 'Unpublished mock');
    const x = await sitWith(t, exam, [1, 0, 0, 0]);
    const res = await t.admin.post(`/api/exams/${exam._id}/regrade`, {
      decisions: [{ questionId: exam.questions[0]._id, action: 'changeKey', correctAnswer: 1 }],
    });
    expect(res.json()).toMatchObject({ affected: 1, emailed: 1 });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, x.student.email));
    expect(mail.text).toContain('when the results are published');
    expect(mail.text).not.toContain('out of');
  });
});

describe('a question with its own penalty', () => {
  it('loses that penalty under the new key, and the dry run agrees with the apply', async () => {
    const res = await t.admin.post('/api/exams', {
      ...paper('Own penalty mock'),
      course: await courseOf(t),
      sections: [
        {
          title: 'Legal Reasoning',
          questions: [
            { type: 'mcq', question: 'Q1', options: ['A1', 'B1', 'C1'], correctAnswer: 0, marks: 2, negativeMarks: 0.5 },
            { type: 'mcq', question: 'Q2', options: ['A1', 'B1'], correctAnswer: 0, marks: 2 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const exam: PaperJson = res.json();
    const x = await sitWith(t, exam, [0, 1]);
    expect(await marksOf(t, [x.submissionId])).toEqual([[1.75, 4]]);
    const decisions = [{ questionId: exam.questions[0]._id, action: 'changeKey', correctAnswer: 'C' }];
    const dry = (await t.admin.post(`/api/exams/${exam._id}/regrade`, { decisions, dryRun: true })).json();
    const applied = (await t.admin.post(`/api/exams/${exam._id}/regrade`, { decisions })).json();
    expect(dry.changes).toEqual(applied.changes);
    expect(applied.changes[0].afterMarks).toMatchObject({ marksObtained: -0.75, totalMarks: 4, percentage: -18.75 });
    expect(await marksOf(t, [x.submissionId])).toEqual([[-0.75, 4]]);
  });
});
