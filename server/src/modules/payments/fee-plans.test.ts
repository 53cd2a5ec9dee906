import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests, auditLog, courses } from '../../db/schema.ts';
import { listInstallmentDues } from './fees.ts';
import { createAdmittedStudent, createCourse } from './test-fixtures.ts';

// Fee plans per course (docs/product.md section 11, "Fee plans"): the course's plan, the schedule a
// student is admitted with, and every payment rule with a plan of 1, 3 or 12 installments.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Installment = { installmentNumber: number; amount: number; dueDate: string; status: string; paid: number; outstanding: number };
type Client = Awaited<ReturnType<TestApp['createStudent']>>['client'];

const body = (patch: Record<string, unknown> = {}) => ({
  name: `Plan course ${Math.random().toString(36).slice(2, 8)}`,
  description: 'A course',
  price: 36_000,
  feeType: 'full',
  duration: '6 months',
  features: ['Classes'],
  ...patch,
});

const istToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** YYYY-MM-DD `days` from today (IST). */
const dayFromToday = (days: number) => {
  const [y, m, d] = istToday().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** A student made the way the institute makes them: a public request approved by an admin. */
async function approveRequestFor(courseId: string) {
  const email = `plan-${Math.random().toString(36).slice(2, 10)}@test.local`;
  const created = await t.visitor.post('/api/admission-requests', {
    fullName: 'Plan Student',
    email,
    phone: '9830012345',
    address: 'Kolkata',
    education: 'Class 12',
    course: courseId,
    centre: 'dumdum',
    reason: 'CLAT',
  });
  expect(created.statusCode, created.body).toBe(201);
  const approved = await t.admin.patch(`/api/admission-requests/admin/${created.json().request._id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const client = t.withToken(await t.tokenFor(email, approved.json().user.temporaryPassword));
  const [admission] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, created.json().request._id));
  return { client, admission, studentId: approved.json().user._id as string };
}

const summaryOf = async (client: Client) => {
  const res = await client.get('/api/payments/student');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    totalFees: number;
    pendingAmount: number;
    nextDue: { installmentNumber: number; amount: number } | null;
    installments: Installment[];
  };
};
const sumPaise = (list: Installment[]) => list.reduce((s, i) => s + Math.round(i.amount * 100), 0);

describe('a course’s fee plan', () => {
  it('defaults to four monthly installments and answers the plan it was given', async () => {
    const plain = await t.admin.post('/api/courses', body());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().feePlan).toEqual({ installments: 4 });

    const three = await t.admin.post('/api/courses', body({ feePlan: { installments: 3 } }));
    expect(three.json().feePlan).toEqual({ installments: 3 });
    const listed = await t.admin.post(
      '/api/courses',
      body({ feePlan: { installments: 3, dueDates: ['2027-01-05', '2027-02-05', '2027-04-01'] } }),
    );
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json().feePlan).toEqual({ installments: 3, dueDates: ['2027-01-05', '2027-02-05', '2027-04-01'] });
    // null due dates read as none: monthly.
    expect((await t.admin.post('/api/courses', body({ feePlan: { installments: 12, dueDates: null } }))).json().feePlan).toEqual({
      installments: 12,
    });
    // The admin list and the public list show it.
    const admin = (await t.admin.get('/api/courses/admin')).json() as { _id: string; feePlan: unknown }[];
    expect(admin.find((c) => c._id === listed.json()._id)?.feePlan).toEqual(listed.json().feePlan);
    const pub = (await t.visitor.get('/api/courses')).json() as { _id: string; feePlan: unknown }[];
    expect(pub.find((c) => c._id === three.json()._id)?.feePlan).toEqual({ installments: 3 });
  });

  it('an update without a plan keeps the plan; with one replaces it (audited)', async () => {
    const c = (await t.admin.post('/api/courses', body({ feePlan: { installments: 6 } }))).json();
    const renamed = await t.admin.put(`/api/courses/${c._id}`, body({ name: 'Renamed plan course' }));
    expect(renamed.json().feePlan).toEqual({ installments: 6 });
    const replaced = await t.admin.put(
      `/api/courses/${c._id}`,
      body({ feePlan: { installments: 2, dueDates: ['2027-06-01', '2027-07-01'] } }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().feePlan).toEqual({ installments: 2, dueDates: ['2027-06-01', '2027-07-01'] });
    const back = await t.admin.put(`/api/courses/${c._id}`, body({ feePlan: { installments: 2 } }));
    expect(back.json().feePlan).toEqual({ installments: 2 });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.update'), eq(auditLog.entityId, c._id)));
    expect(audit.map((e) => (e.after as { feePlan: unknown }).feePlan)).toContainEqual({
      installments: 2,
      dueDates: ['2027-06-01', '2027-07-01'],
    });
  });

  it('refuses a bad plan with a 400 naming the field, and saves nothing', async () => {
    const existing = (await t.admin.post('/api/courses', body({ feePlan: { installments: 5 } }))).json();
    const before = await t.ctx.db.$count(courses);
    const cases: [unknown, string, string][] = [
      [{ installments: 0 }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{ installments: 13 }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{ installments: 2.5 }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{ installments: 'many' }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{}, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [
        { installments: 2, dueDates: ['2027-02-01', '2027-01-01'] },
        'feePlan.dueDates',
        'Due dates must be strictly increasing: each one later than the one before',
      ],
      [
        { installments: 2, dueDates: ['2027-02-01', '2027-02-01'] },
        'feePlan.dueDates',
        'Due dates must be strictly increasing: each one later than the one before',
      ],
      [
        { installments: 3, dueDates: ['2027-01-01', '2027-02-01'] },
        'feePlan.dueDates',
        'Due dates: give exactly 3 dates, one per installment',
      ],
      [{ installments: 1, dueDates: [] }, 'feePlan.dueDates', 'Due dates: give exactly 1 date, one per installment'],
      [
        { installments: 2, dueDates: ['2027-01-01', '2027-02-30'] },
        'feePlan.dueDates.1',
        'Each due date must be a real date written YYYY-MM-DD',
      ],
      [
        { installments: 2, dueDates: ['01/01/2027', '2027-02-01'] },
        'feePlan.dueDates.0',
        'Each due date must be a real date written YYYY-MM-DD',
      ],
      [{ installments: 2, dueDates: '2027-01-01' }, 'feePlan.dueDates', 'Due dates must be a list of dates'],
      ['four', 'feePlan', 'The fee plan must be an object: { installments, dueDates? }'],
    ];
    for (const [feePlan, field, message] of cases) {
      const res = await t.admin.post('/api/courses', body({ feePlan }));
      expect(res.statusCode, JSON.stringify(feePlan)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(res.json())).toBe(message);
      const put = await t.admin.put(`/api/courses/${existing._id}`, body({ feePlan }));
      expect(put.statusCode, JSON.stringify(feePlan)).toBe(400);
    }
    expect(await t.ctx.db.$count(courses)).toBe(before);
    const [row] = await t.ctx.db.select().from(courses).where(eq(courses.id, existing._id));
    expect(row.feePlan).toEqual({ installments: 5 });
  });
});

describe('the schedule a student is admitted with', () => {
  it('follows the course’s plan: monthly from the admission day, amounts summing exactly to the fee', async () => {
    for (const [installments, price, expected] of [
      [1, 36_000, [36_000]],
      [3, 25_000.5, [8_333, 8_333, 8_334.5]],
      [12, 50_000, [...Array(11).fill(4_166), 4_174]],
    ] as [number, number, number[]][]) {
      const course = await createCourse(t, price, { feePlan: { installments } });
      const { client } = await approveRequestFor(course._id);
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
    const { client } = await approveRequestFor(course._id);
    const s = await summaryOf(client);
    expect(s.installments.map((i) => i.dueDate)).toEqual(dates);
    expect(s.installments.map((i) => i.status)).toEqual(['overdue', 'overdue', 'pending']);
  });

  it('is fixed at approval: a later plan change leaves admitted students as they were', async () => {
    const course = await createCourse(t, 24_000, { feePlan: { installments: 3 } });
    const first = await approveRequestFor(course._id);
    expect(first.admission.feePlan).toEqual({ installments: 3 });
    const changed = await t.admin.put(
      `/api/courses/${course._id}`,
      body({ name: course.name, price: 24_000, feePlan: { installments: 2, dueDates: ['2027-03-01', '2027-09-01'] } }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const kept = await summaryOf(first.client);
    expect(kept.installments.map((i) => i.amount)).toEqual([8_000, 8_000, 8_000]);
    const later = await approveRequestFor(course._id);
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

describe('every payment rule with a plan of 1, 3 or 12 installments', () => {
  for (const installments of [1, 3, 12]) {
    it(`${installments} installment${installments > 1 ? 's' : ''}: installment bound, counter bound, orders and coupons`, async () => {
      const course = await createCourse(t, 12_000, { feePlan: { installments } });
      const { client, admission, studentId } = await approveRequestFor(course._id);
      const part = 12_000 / installments;

      // The installment number must be one of the plan's; the amount at most what is still due.
      const outOfPlan = await client.post('/api/payments/paytm/initiate', {
        amount: 100,
        admissionId: admission.id,
        installmentNumber: installments + 1,
      });
      expect(outOfPlan.statusCode).toBe(400);
      expect(outOfPlan.json().fields.installmentNumber).toMatch(/^Please choose an installment/);
      const above = await client.post('/api/payments/paytm/initiate', {
        amount: 12_000.01,
        admissionId: admission.id,
        installmentNumber: installments,
      });
      expect(above.statusCode).toBe(400);
      expect(above.json().fields.amount).toBe('Please enter a valid amount: at most ₹12,000 is still due');
      const last = await client.post('/api/payments/paytm/initiate', {
        amount: part,
        admissionId: admission.id,
        installmentNumber: installments,
      });
      expect(last.statusCode, last.body).toBe(200);

      // The counter takes the first installment; the schedule shows it paid and the next one due.
      const cash = await t.admin.post('/api/payments/counter', {
        studentId,
        amount: part,
        method: 'cash',
        receivedAt: istToday(),
        centre: 'dumdum',
      });
      expect(cash.statusCode, cash.body).toBe(201);
      expect(cash.json().installmentNumber).toBe(1);
      let s = await summaryOf(client);
      expect(s.installments[0]).toMatchObject({ status: 'paid', paid: part, outstanding: 0 });
      expect(s.pendingAmount).toBe(12_000 - part);
      expect(s.nextDue).toEqual(installments === 1 ? null : { installmentNumber: 2, amount: part });

      if (installments === 1) {
        // The one installment is paid: no coupon, no order, no more counter money.
        expect((await client.post('/api/payments/coupons/validate', { courseId: course._id, code: 'EARLY20' })).statusCode).toBe(409);
        expect((await client.post('/api/payments/orders', { courseId: course._id, method: 'offline' })).statusCode).toBe(409);
      }
      const more = await t.admin.post('/api/payments/counter', {
        studentId,
        amount: 12_000 - part + 0.01,
        method: 'cash',
        receivedAt: istToday(),
        centre: 'dumdum',
      });
      expect(more.statusCode).toBe(installments === 1 ? 409 : 400);

      // Another student pays the whole fee with a coupon: the coupon's discount counts towards every installment.
      const other = await approveRequestFor(course._id);
      const code = `PLAN${installments}X${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
      expect((await t.admin.post('/api/coupons', { code, amount: 500, courses: [course._id] })).statusCode).toBe(201);
      const preview = await other.client.post('/api/payments/coupons/validate', { courseId: course._id, code });
      expect(preview.json()).toMatchObject({ valid: true, price: 12_000, discount: 500, total: 11_500 });
      const order = await other.client.post('/api/payments/orders', { courseId: course._id, method: 'offline', couponCode: code });
      expect(order.statusCode, order.body).toBe(201);
      expect(order.json().amount).toBe(11_500);
      expect((await t.admin.patch(`/api/payments/${order.json().paymentId}/verify`)).statusCode).toBe(200);
      s = await summaryOf(other.client);
      expect(s).toMatchObject({ pendingAmount: 0, nextDue: null });
      expect(s.installments).toHaveLength(installments);
      expect(s.installments.every((i) => i.status === 'paid' && i.outstanding === 0)).toBe(true);
      // Never more than owed: nothing is owed now.
      const over = await t.admin.post('/api/payments/counter', {
        studentId: other.studentId,
        amount: 1,
        method: 'cash',
        receivedAt: istToday(),
        centre: 'dumdum',
      });
      expect(over.statusCode).toBe(409);
    });
  }

  it('counter payments are bounded by what is owed, partly covering an installment of a 12-installment plan', async () => {
    const course = await createCourse(t, 50_000, { feePlan: { installments: 12 } });
    const { client, studentId } = await approveRequestFor(course._id);
    const pay = (amount: number) =>
      t.admin.post('/api/payments/counter', { studentId, amount, method: 'cash', receivedAt: istToday(), centre: 'kasba' });
    expect((await pay(6_000)).statusCode).toBe(201);
    const s = await summaryOf(client);
    expect(s.installments.slice(0, 3).map((i) => [i.status, i.paid, i.outstanding])).toEqual([
      ['paid', 4_166, 0],
      ['pending', 1_834, 2_332],
      ['pending', 0, 4_166],
    ]);
    expect(s.nextDue).toEqual({ installmentNumber: 2, amount: 2_332 });
    const over = await pay(44_000.01);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.amount).toBe('The amount is more than what the student owes (₹44,000)');
    const rest = await pay(44_000);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().installmentNumber).toBe(2);
    expect((await summaryOf(client)).installments.every((i) => i.status === 'paid')).toBe(true);
  });
});

describe('listInstallmentDues', () => {
  it('lists every installment of every admitted student with due date, amount, paid and outstanding', async () => {
    const dates = [dayFromToday(-2), dayFromToday(3), dayFromToday(33)];
    const course = await createCourse(t, 9_000, { feePlan: { installments: 3, dueDates: dates } });
    const a = await approveRequestFor(course._id);
    const b = await approveRequestFor(course._id);
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
