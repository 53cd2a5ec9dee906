import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCourse, mcq, sectionedPaper } from './test-fixtures.ts';

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

const twoSectionPaper = (overrides: Record<string, unknown> = {}) => sectionedPaper(courseId, overrides);

describe('authoring a paper with sections and passages', () => {
  it('stores the paper in paper order and answers it to admin and student', async () => {
    const res = await t.admin.post('/api/exams', twoSectionPaper());
    expect(res.statusCode, res.body).toBe(201);
    const exam = res.json();
    expect(exam).toMatchObject({ negativeMarks: 0.25, resultMode: 'grade', totalQuestions: 4 });
    expect(exam.sections).toHaveLength(2);
    const [english, qt] = exam.sections;
    expect(english).toMatchObject({ title: 'English Language', instructions: 'Read the passage' });
    expect(english.passages).toHaveLength(1);
    expect(qt).toMatchObject({ title: 'Quantitative Techniques', instructions: null, passages: [] });
    const passageId = english.passages[0]._id;
    // Passage questions first, then the section's standalone question, then the next section.
    expect(exam.questions.map((q: { question: string }) => q.question)).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4']);
    expect(exam.questions.map((q: { section: string }) => q.section)).toEqual([english._id, english._id, english._id, qt._id]);
    expect(exam.questions.map((q: { passage: string | null }) => q.passage)).toEqual([passageId, passageId, null, null]);
    expect(exam.questions.map((q: { negativeMarks: number }) => q.negativeMarks)).toEqual([0.25, 0.5, 0.25, 0.25]);
    expect(exam.questions[0]).toMatchObject({ correctAnswer: 1, explanation: 'Because 1' });

    const s = await t.createStudent();
    const view = await s.client.get(`/api/exams/${exam._id}`);
    expect(view.statusCode).toBe(200);
    const sv = view.json();
    expect(sv.sections).toEqual(exam.sections);
    expect(sv.negativeMarks).toBe(0.25);
    expect(sv.resultMode).toBe('grade');
    expect(sv.questions.map((q: { _id: string }) => q._id)).toEqual(exam.questions.map((q: { _id: string }) => q._id));
    expect(sv.questions[1]).toMatchObject({ section: english._id, passage: passageId, negativeMarks: 0.5 });
    expect(view.body).not.toContain('correctAnswer');
    expect(view.body).not.toContain('explanation');
    expect(view.body).not.toContain('Because');
  });

  it('answers an empty section list and null places for a flat exam, and the penalty defaults to 0', async () => {
    const res = await t.admin.post('/api/exams', {
      title: 'Flat',
      description: 'Old style',
      course: courseId,
      totalMarks: 2,
      passingMarks: 1,
      questions: [mcq(1), mcq(2)],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sections: [], negativeMarks: 0, resultMode: 'grade' });
    expect(res.json().questions[0]).toMatchObject({ section: null, passage: null, negativeMarks: 0 });
  });

  it('keeps fractional marks with two decimals', async () => {
    const res = await t.admin.post('/api/exams', {
      ...twoSectionPaper(),
      totalMarks: 4.75,
      sections: [{ title: 'Only', questions: [mcq(1, { marks: 1.25 }), mcq(2, { marks: 3.5, negativeMarks: 0.33 })] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalMarks).toBe(4.75);
    expect(res.json().questions.map((q: { marks: number; negativeMarks: number }) => [q.marks, q.negativeMarks])).toEqual([
      [1.25, 0.25],
      [3.5, 0.33],
    ]);
  });

  it('lets a ranked mock go without a pass mark', async () => {
    const omitted = await t.admin.post('/api/exams', { ...twoSectionPaper(), resultMode: 'rank', passingMarks: undefined });
    expect(omitted.statusCode, omitted.body).toBe(201);
    expect(omitted.json()).toMatchObject({ resultMode: 'rank', passingMarks: null });
    const nulled = await t.admin.post('/api/exams', { ...twoSectionPaper(), resultMode: 'rank', passingMarks: null });
    expect(nulled.statusCode).toBe(201);
    expect(nulled.json().passingMarks).toBeNull();
    const grade = await t.admin.post('/api/exams', { ...twoSectionPaper(), passingMarks: null });
    expect(grade.statusCode).toBe(400);
    expect(grade.json().fields).toHaveProperty('passingMarks');
    const mode = await t.admin.post('/api/exams', { ...twoSectionPaper(), resultMode: 'percentile' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().message).toBe('Result mode must be grade or rank');
  });

  it('replaces the paper on a full PATCH, keeping the ids sent back', async () => {
    const exam = (await t.admin.post('/api/exams', twoSectionPaper())).json();
    const [english] = exam.sections;
    const q = exam.questions;
    const body = {
      ...twoSectionPaper(),
      title: 'Edited',
      negativeMarks: 0.5,
      totalMarks: 3,
      sections: [
        {
          _id: english._id,
          title: 'English (edited)',
          passages: [
            {
              _id: english.passages[0]._id,
              body: 'New body',
              questions: [
                { ...q[1], negativeMarks: 1 },
                { ...q[0], negativeMarks: 0.5 },
              ],
            },
          ],
        },
        { title: 'Logical', questions: [{ ...q[2] }] },
      ],
    };
    const res = await t.admin.patch(`/api/exams/${exam._id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.sections.map((s: { title: string }) => s.title)).toEqual(['English (edited)', 'Logical']);
    expect(after.sections[0]._id).toBe(english._id);
    expect(after.sections[0].passages[0]).toEqual({ _id: english.passages[0]._id, body: 'New body' });
    expect(after.questions.map((x: { _id: string }) => x._id)).toEqual([q[1]._id, q[0]._id, q[2]._id]);
    // A penalty sent equal to the exam's is the exam's; one that differs (the old 0.25) is the question's own.
    expect(after.questions.map((x: { negativeMarks: number }) => x.negativeMarks)).toEqual([1, 0.5, 0.25]);
    const inherit = { ...body, sections: [body.sections[0], { title: 'Logical', questions: [{ ...q[2], negativeMarks: null }] }] };
    const again = await t.admin.patch(`/api/exams/${exam._id}`, inherit);
    expect(again.json().questions[2].negativeMarks).toBe(0.5);
    expect(after.questions[2].section).toBe(after.sections[1]._id);
  });

  it('corrects a paper students have started: new text, order and places, the same questions', async () => {
    const exam = (await t.admin.post('/api/exams', twoSectionPaper())).json();
    const s = await t.createStudent();
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    const q = exam.questions;
    const res = await t.admin.patch(`/api/exams/${exam._id}`, {
      ...twoSectionPaper(),
      sections: [
        {
          title: 'English Language (corrected)',
          questions: [{ ...q[2], question: 'Question 3, corrected', explanation: 'A better reason' }],
          passages: [{ body: 'The passage, corrected.', questions: [{ ...q[1] }, { ...q[0] }] }],
        },
        { title: 'Quantitative Techniques', questions: [{ ...q[3] }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.questionsLocked).toBe(true);
    const [english, qt] = after.sections;
    const passage = english.passages[0];
    expect(passage.body).toBe('The passage, corrected.');
    // Passage questions first, in their new order, then the section's own question, then the next section.
    expect(after.questions.map((x: { _id: string }) => x._id)).toEqual([q[1]._id, q[0]._id, q[2]._id, q[3]._id]);
    expect(after.questions.map((x: { section: string }) => x.section)).toEqual([english._id, english._id, english._id, qt._id]);
    expect(after.questions.map((x: { passage: string | null }) => x.passage)).toEqual([passage._id, passage._id, null, null]);
    expect(after.questions[2]).toMatchObject({ question: 'Question 3, corrected', explanation: 'A better reason' });
    expect(after.questions[0]).toMatchObject({ question: 'Question 2', explanation: q[1].explanation });
  });
});
