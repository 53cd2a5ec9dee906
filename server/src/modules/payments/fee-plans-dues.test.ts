import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { listInstallmentDues } from './fees.ts';
import { approveRequestFor, createCourse, dayFromToday, istToday, summaryOf } from './test-fixtures.ts';

// Fee plans per course (docs/product.md section 11, "Fee plans"): the installment dues of every admitted student.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('listInstallmentDues', () => {
  it('lists every installment of every admitted student with due date, amount, paid and outstanding', async () => {
    const dates = [dayFromToday(-2), dayFromToday(3), dayFromToday(33)];
    const course = await createCourse(t, 9_000, { feePlan: { installments: 3, dueDates: dates } });
    const a = await approveRequestFor(t, course._id);
    const b = await approveRequestFor(t, course._id);
    expect(
      (
        await t.admin.post('/api/payments/counter', {
          studentId: a.studentId,
          amount: 4_000,
          method: 'cash',
          receivedAt: istToday(),
          centre: 'dumdum',
        })
      ).statusCode,
    ).toBe(201);

    const dues = await listInstallmentDues(t.ctx);
    const mine = dues.filter((d) => d.courseId === course._id);
    expect(mine).toHaveLength(6);
    const ofA = mine
      .filter((d) => d.studentId === a.studentId)
      .map(({ installmentNumber, dueDate, amountPaise, paidPaise, outstandingPaise, status }) => ({
        installmentNumber,
        dueDate,
        amountPaise,
        paidPaise,
        outstandingPaise,
        status,
      }));
    expect(ofA).toEqual([
      { installmentNumber: 1, dueDate: dates[0], amountPaise: 300_000, paidPaise: 300_000, outstandingPaise: 0, status: 'paid' },
      { installmentNumber: 2, dueDate: dates[1], amountPaise: 300_000, paidPaise: 100_000, outstandingPaise: 200_000, status: 'pending' },
      { installmentNumber: 3, dueDate: dates[2], amountPaise: 300_000, paidPaise: 0, outstandingPaise: 300_000, status: 'pending' },
    ]);
    const ofB = mine.filter((d) => d.studentId === b.studentId);
    expect(ofB.map((d) => d.status)).toEqual(['overdue', 'pending', 'pending']);
    expect(ofB[0]).toMatchObject({
      admissionId: b.admission.id,
      admissionNumber: b.admission.admissionNumber,
      courseName: course.name,
      installmentCount: 3,
      email: b.admission.email,
      studentName: 'Plan Student',
    });
    // Ordered by due date; `now` decides the status only.
    expect(dues.map((d) => d.dueDate)).toEqual([...dues.map((d) => d.dueDate)].sort());
    const later = await listInstallmentDues(t.ctx, new Date(Date.now() + 5 * 86_400_000));
    expect(later.filter((d) => d.studentId === b.studentId).map((d) => d.status)).toEqual(['overdue', 'overdue', 'pending']);
    // The same figures as the student's own schedule.
    const s = await summaryOf(a.client);
    expect(s.installments.map((i) => Math.round(i.outstanding * 100))).toEqual(ofA.map((d) => d.outstandingPaise));
  });

  it('leaves out students without an approved admission', async () => {
    const s = await t.createStudent();
    const dues = await listInstallmentDues(t.ctx);
    expect(dues.some((d) => d.studentId === s.id)).toBe(false);
  });
});
