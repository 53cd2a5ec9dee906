import { attemptSchema, saveAnswersResponse } from '@app/common/schemas/exam-attempt';
import { submitResponse } from '@app/common/schemas/submissions';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { examAttempts } from '../../db/schema.ts';
import { createCourse, createExam, type ExamJson, examPayload } from '../exams/test-fixtures.ts';
import { startAttempt } from './attempt.ts';

// The hall's answers (start, save, submit) are written without their schema's check (app.ts): each must be
// exactly what its schema describes, no field more or less.
let t: TestApp;
let exam: ExamJson;
beforeAll(async () => {
  t = await createTestApp();
  exam = await createExam(t, examPayload(await createCourse(t), { openToAll: true }));
});
afterAll(() => t?.close());

function exactly(schema: z.ZodType, body: unknown) {
  const parsed = schema.parse(body);
  expect(body).toEqual(parsed);
}

describe("the exam hall's answers", () => {
  it('are exactly their schemas, and many students at once each get their own', async () => {
    const students = await Promise.all(Array.from({ length: 6 }, () => t.createStudent()));
    const starts = await Promise.all(students.map((s) => s.client.post(`/api/exams/${exam._id}/attempt`)));
    for (const r of starts) {
      expect(r.statusCode, r.body).toBe(200);
      exactly(attemptSchema, r.json());
    }
    const mcqs = exam.questions.filter((q) => q.type === 'mcq');
    const saves = await Promise.all(
      students.map((s, i) => s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [mcqs[0]._id]: i % 2 } })),
    );
    for (const r of saves) {
      expect(r.statusCode, r.body).toBe(200);
      exactly(saveAnswersResponse, r.json());
    }
    const submits = await Promise.all(students.map((s) => s.client.post('/api/submissions', { examId: exam._id, answers: {} })));
    submits.forEach((r, i) => {
      expect(r.statusCode, r.body).toBe(201);
      exactly(submitResponse, r.json());
      // Each student's own saved answer was marked (read together with the others'): right only for the key.
      const right = mcqs[0].correctAnswer === i % 2;
      if (r.json().result) expect(r.json().result.correctAnswers).toBe(right ? 1 : 0);
    });
  });

  it('starts the students who press Start in the same instant together, each with their own time and attempt', async () => {
    const students = await Promise.all(Array.from({ length: 5 }, () => t.createStudent()));
    expect((await t.admin.post(`/api/exams/${exam._id}/overrides`, { studentId: students[1].id, extraMinutes: 20 })).statusCode).toBe(201);
    const scope = (s: (typeof students)[number]) => ({ kind: 'student' as const, studentId: s.id });
    // One event-loop turn: the batch path (the same student twice among them).
    const started = await Promise.all([...students, students[3]].map((s) => startAttempt(t.ctx, scope(s), exam._id)));
    const minutes = (a: (typeof started)[number]) => (Date.parse(a.deadline) - Date.parse(a.startedAt)) / 60_000;
    expect(started.map(minutes)).toEqual([30, 50, 30, 30, 30, 30]);
    expect(started[5].startedAt).toBe(started[3].startedAt);
    const rows = await t.ctx.db
      .select({ studentId: examAttempts.studentId })
      .from(examAttempts)
      .where(
        inArray(
          examAttempts.studentId,
          students.map((s) => s.id),
        ),
      );
    expect(rows.map((r) => r.studentId).sort()).toEqual(students.map((s) => s.id).sort());
    // Started again together, every one resumes (read together) with the same attempt.
    const again = await Promise.all(students.map((s) => startAttempt(t.ctx, scope(s), exam._id)));
    expect(again.map((a) => a.startedAt)).toEqual(started.slice(0, 5).map((a) => a.startedAt));
  });
});
