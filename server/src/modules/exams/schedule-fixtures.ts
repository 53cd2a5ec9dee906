import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { examAttempts } from '../../db/schema.ts';

let n = 0;

/** A batch of a course at a centre, through the API. */
export async function createBatch(t: TestApp, course: string, patch: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/batches', {
    name: `Schedule batch ${++n} ${Math.random().toString(36).slice(2, 7)}`,
    course,
    centre: 'dumdum',
    academicYear: '2026-27',
    timing: 'MORNING',
    startsOn: '2026-06-01',
    endsOn: '2027-03-31',
    capacity: 40,
    ...patch,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

/** A student known only by their batch (no course on the account, a centre no exam names). */
export const batchStudent = (t: TestApp, batchId: string) => t.createStudent({ batchId, courseInterest: null, centreId: 'kasba' });

export type Available = {
  _id: string;
  status: string;
  attemptStatus: string;
  opensAt: string | null;
  closesAt: string | null;
  mode: string;
  attempts: { attemptNumber: number; marksObtained: number | null }[];
  canAttemptAgain: boolean;
};

export async function availableTo(s: { client: TestApp['admin'] }, examId: string): Promise<Available | undefined> {
  const res = await s.client.get('/api/exams/student/available');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Available[]).find((e) => e._id === examId);
}

/** Moves a student's attempt so that its deadline passed `seconds` ago. */
export async function ageAttempt(t: TestApp, examId: string, studentId: string, seconds: number) {
  await t.ctx.db
    .update(examAttempts)
    .set({
      startedAt: sql`now() - make_interval(secs => ${30 * 60 + seconds})`,
      deadline: sql`now() - make_interval(secs => ${seconds})`,
    })
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.studentId, studentId)));
}

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
