import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createCourse, createExam, type ExamJson, examPayload } from '../modules/exams/test-fixtures.ts';
import { decodeMarkedAnswers, encodeMarkedAnswers, type SubmissionAnswer } from './marked-answers.ts';
import { submissions } from './schema.ts';

const MIGRATION = new URL('./migrations/0021_marked_answers_compact.sql', import.meta.url);

let t: TestApp;
let exam: ExamJson;
beforeAll(async () => {
  t = await createTestApp();
  exam = await createExam(t, examPayload(await createCourse(t)));
});
afterAll(() => t?.close());

/** The exam's three questions answered: a right MCQ, a skipped MCQ, a written answer not yet marked. */
const answersFor = (e: ExamJson): SubmissionAnswer[] => [
  { questionId: e.questions[0]._id, selectedOption: 1, textAnswer: null, marksObtained: 2 },
  { questionId: e.questions[1]._id, selectedOption: null, textAnswer: null, marksObtained: 0 },
  { questionId: e.questions[2]._id, selectedOption: null, textAnswer: 'A matter decided "finally" — ends there.', marksObtained: null },
];

const storedOf = async (id: string) =>
  (await t.ctx.db.execute<{ answers: unknown }>(sql`select answers from ${submissions} where id = ${id}`)).rows[0].answers;

describe('marked answers as stored', () => {
  it('encodes to tuples in order, the text only when written, and decodes back to the same answers', () => {
    const answers = answersFor(exam);
    const stored = encodeMarkedAnswers(answers);
    expect(stored).toEqual([
      [answers[0].questionId, 1, 2],
      [answers[1].questionId, null, 0],
      [answers[2].questionId, null, null, answers[2].textAnswer],
    ]);
    expect(decodeMarkedAnswers(JSON.parse(JSON.stringify(stored)))).toEqual(answers);
    expect(encodeMarkedAnswers([])).toEqual([]);
  });

  it('writes tuples to the column and reads answers back through the schema', async () => {
    const student = await t.createStudent();
    const answers = answersFor(exam);
    const [row] = await t.ctx.db
      .insert(submissions)
      .values({ examId: exam._id, studentId: student.id, answers, totalMarks: 10, startedAt: new Date() })
      .returning();
    expect(row.answers).toEqual(answers);
    expect(await storedOf(row.id)).toEqual(encodeMarkedAnswers(answers));
    const [read] = await t.ctx.db.select({ answers: submissions.answers }).from(submissions).where(eq(submissions.id, row.id));
    expect(read.answers).toEqual(answers);
  });

  it('a submit through the API stores its marked answers as tuples', async () => {
    const student = await t.createStudent();
    expect((await student.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    const sent = { [exam.questions[0]._id]: 1, [exam.questions[2]._id]: 'Res judicata bars a second suit.' };
    const res = await student.client.post('/api/submissions', { examId: exam._id, answers: sent });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedOf(res.json().submission._id)).toEqual([
      [exam.questions[0]._id, 1, 2],
      [exam.questions[1]._id, null, 0],
      [exam.questions[2]._id, null, null, 'Res judicata bars a second suit.'],
    ]);
  });

  it('migration 0021 converts rows stored as objects, keeping their order, text and unmarked answers', async () => {
    const student = await t.createStudent();
    const answers = answersFor(exam);
    const empty = await t.createStudent();
    const { rows } = await t.ctx.db.execute<{ id: string }>(sql`
      insert into ${submissions} (exam_id, student_id, answers, total_marks, started_at)
      values (${exam._id}, ${student.id}, ${JSON.stringify(answers)}::jsonb, 10, now()),
             (${exam._id}, ${empty.id}, '[]'::jsonb, 10, now())
      returning id`);
    await t.ctx.db.execute(sql.raw(fs.readFileSync(MIGRATION, 'utf8')));
    expect(await storedOf(rows[0].id)).toEqual(encodeMarkedAnswers(answers));
    expect(await storedOf(rows[1].id)).toEqual([]);
    const [read] = await t.ctx.db.select({ answers: submissions.answers }).from(submissions).where(eq(submissions.id, rows[0].id));
    expect(read.answers).toEqual(answers);
  });
});
