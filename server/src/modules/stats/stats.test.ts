import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests, courses, exams, payments } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('counts students, courses, exams, real payments, pending admissions and lists the 5 newest requests', async () => {
  const { db } = t.ctx;
  const empty = await t.admin.get('/api/stats/admin');
  expect(empty.json()).toEqual({ students: 0, courses: 0, exams: 0, payments: 0, pendingAdmissions: 0, recentAdmissions: [] });

  const students = await Promise.all([1, 2, 3].map(() => t.createStudent()));
  await db
    .insert(courses)
    .values([true, false].map((isActive) => ({ name: `C ${isActive}`, description: 'd', pricePaise: 1, duration: 'x', isActive })));
  await db.insert(exams).values({ title: 'Mock', description: 'd', durationMinutes: 60, totalMarks: 10, passingMarks: 4 });
  await db.insert(payments).values({
    studentId: students[0].id,
    courseName: 'C',
    kind: 'fee',
    amountPaise: 100,
    feePaise: 100,
    method: 'offline',
    orderId: 'order-stats-1',
  });
  const base = Date.parse('2026-05-01T00:00:00Z');
  await db.insert(admissionRequests).values(
    Array.from({ length: 7 }, (_, i) => ({
      fullName: `Applicant ${i}`,
      email: `applicant${i}@example.com`,
      phone: '1',
      address: 'a',
      education: 'e',
      centreId: 'dumdum',
      reason: 'r',
      status: i < 2 ? ('rejected' as const) : ('pending' as const),
      createdAt: new Date(base + i * 60_000),
    })),
  );

  const res = await t.admin.get('/api/stats/admin');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ students: 3, courses: 2, exams: 1, payments: 1, pendingAdmissions: 5 });
  expect(body.recentAdmissions.map((r: { fullName: string }) => r.fullName)).toEqual([6, 5, 4, 3, 2].map((i) => `Applicant ${i}`));
  expect(body.recentAdmissions[0]).toMatchObject({ status: 'pending', centre: 'dumdum', selectedCentre: { id: 'dumdum' } });
});
