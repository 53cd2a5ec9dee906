import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests } from '../../db/schema.ts';
import {
  approveRequestFor,
  courseBody,
  createAdmittedStudent,
  createCourse,
  dayFromToday,
  istToday,
  summaryOf,
  sumPaise,
} from './test-fixtures.ts';

// Fee plans per course (docs/product.md section 11, "Fee plans"): the schedule a student is admitted with.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the schedule a student is admitted with', () => {
  it('follows the course’s plan: monthly from the admission day, amounts summing exactly to the fee', async () => {
    for (const [installments, price, expected] of [
      [1, 36_000, [36_000]],
      [3, 25_000.5, [8_333, 8_333, 8_334.5]],
      [12, 50_000, [...Array(11).fill(4_166), 4_174]],
    ] as [number, number, number[]][]) {
      const course = await createCourse(t, price, { feePlan: { installments } });
      const { client } = await approveRequestFor(t, course._id);
      const s = await summaryOf(client);
      expect(s.installments.map((i) => i.amount)).toEqual(expected);
      expect(sumPaise(s.installments)).toBe(Math.round(price * 100));
      expect(s.installments.map((i) => i.installmentNumber)).toEqual(expected.map((_, i) => i + 1));
      // The first falls due on the admission day (IST), the others on the same day of the following months.
      expect(s.installments[0].dueDate).toBe(istToday());
      for (const i of s.installments) expect(i.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Set(s.installments.map((i) => i.dueDate.slice(8))).size).toBeLessThanOrEqual(4); // day of month (clamped in short months)
      expect(s.installments.map((i) => i.dueDate)).toEqual([...s.installments.map((i) => i.dueDate)].sort());
      expect(s.installments.every((i) => i.status === 'pending' && i.paid === 0 && i.outstanding === i.amount)).toBe(true);
      expect(s.nextDue).toEqual({ installmentNumber: 1, amount: expected[0] });
    }
  });

  it('uses the admin’s listed dates, overdue the day after one passes', async () => {
    const dates = [dayFromToday(-40), dayFromToday(-1), dayFromToday(0)];
    const course = await createCourse(t, 30_000, { feePlan: { installments: 3, dueDates: dates } });
    const { client } = await approveRequestFor(t, course._id);
    const s = await summaryOf(client);
    expect(s.installments.map((i) => i.dueDate)).toEqual(dates);
    expect(s.installments.map((i) => i.status)).toEqual(['overdue', 'overdue', 'pending']);
  });

  it('is fixed at approval: a later plan change leaves admitted students as they were', async () => {
    const course = await createCourse(t, 24_000, { feePlan: { installments: 3 } });
    const first = await approveRequestFor(t, course._id);
    expect(first.admission.feePlan).toEqual({ installments: 3 });
    const changed = await t.admin.put(
      `/api/courses/${course._id}`,
      courseBody({ name: course.name, price: 24_000, feePlan: { installments: 2, dueDates: ['2027-03-01', '2027-09-01'] } }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const kept = await summaryOf(first.client);
    expect(kept.installments.map((i) => i.amount)).toEqual([8_000, 8_000, 8_000]);
    const later = await approveRequestFor(t, course._id);
    const s = await summaryOf(later.client);
    expect(s.installments.map((i) => [i.amount, i.dueDate])).toEqual([
      [12_000, '2027-03-01'],
      [12_000, '2027-09-01'],
    ]);
  });

  it('the migration gives admissions approved before plans existed the four monthly installments they had', async () => {
    const course = await createCourse(t, 12_000, { feePlan: { installments: 6 } });
    const { admission, student } = await createAdmittedStudent(t, course._id);
    expect(admission.feePlan).toBeNull();
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0013_fee_plans.sql');
    const backfill = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE'));
    expect(backfill).toBeTruthy();
    await t.ctx.db.execute(sql.raw(backfill as string));
    const [after] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, admission.id));
    expect(after.feePlan).toEqual({ installments: 4 });
    expect((await summaryOf(student.client)).installments.map((i) => i.amount)).toEqual([3_000, 3_000, 3_000, 3_000]);
  });
});
