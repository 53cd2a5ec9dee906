import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createAdmittedStudent, createCourse, istToday } from './test-fixtures.ts';

// Counter payments and the collection report (docs/product.md, "Counter payments and collections").

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 20_000);
});
afterAll(async () => t?.close());

describe('counter payments', () => {
  it('records cash at a centre as a completed payment with its receipt; the schedule follows', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const res = await t.admin.post('/api/payments/counter', {
      studentId: student.id,
      amount: 5000,
      method: 'cash',
      receivedAt: istToday(),
      centre: 'kasba',
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ status: 'completed', amount: 5000, kind: 'installment', installmentNumber: 1, paymentMethod: 'offline' });
    expect(p.receiptNumber).toMatch(/^RCT-\d{4}-\d{6}$/);
    const summary = (await student.client.get('/api/payments/student')).json();
    expect(summary).toMatchObject({ paidAmount: 5000, pendingAmount: 15_000 });
    const receipt = await student.client.get(`/api/payments/${p._id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(await pdfText(receipt.rawPayload)).toContain('Cash at the centre');
    const audit = (await t.admin.get(`/api/audit?entity=payment&entityId=${p._id}`)).json().entries;
    // Written completed in one transaction: one entry, no moment at which it was pending.
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['payment.completed']);
    expect(audit[0].before).toBeNull();
  });

  it('refuses an amount of 0, over what is owed, a missing reference, a future date, a student without admission', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const base = { studentId: student.id, amount: 1000, method: 'upi', reference: 'UPI-123', receivedAt: istToday(), centre: 'dumdum' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 0 }, 400, 'Please enter a valid amount'],
      [{ amount: 20_000.01 }, 400, 'The amount is more than what the student owes (₹20,000)'],
      [{ reference: '' }, 400, 'A reference is required for UPI, cheque and bank transfer'],
      [{ receivedAt: '2999-01-01' }, 400, 'The date received cannot be in the future'],
      [{ centre: 'mars' }, 400, 'Unknown centre'],
    ];
    for (const [patch, status, message] of cases) {
      const res = await t.admin.post('/api/payments/counter', { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(status);
      expect(Object.values(res.json().fields ?? {}).concat(res.json().message)).toContain(message);
    }
    const other = await t.createStudent();
    const none = await t.admin.post('/api/payments/counter', { ...base, studentId: other.id });
    expect(none.statusCode).toBe(409);
    expect((await student.client.get('/api/payments/student')).json().paidAmount).toBe(0);
    expect((await student.client.post('/api/payments/counter', base)).statusCode).toBe(403);
  });

  it('two clerks at once cannot both take the last rupees owed', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const body = { studentId: student.id, amount: 15_000, method: 'cash', receivedAt: istToday(), centre: 'dumdum' };
    const both = await Promise.all([t.admin.post('/api/payments/counter', body), t.admin.post('/api/payments/counter', body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await student.client.get('/api/payments/student')).json().pendingAmount).toBe(5000);
  });

  it('a bounced cheque is reversed and audited; cash cannot bounce', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const cheque = (
      await t.admin.post('/api/payments/counter', {
        studentId: student.id,
        amount: 8000,
        method: 'cheque',
        reference: 'CHQ 004512 SBI',
        receivedAt: istToday(),
        centre: 'shrirampur',
      })
    ).json();
    const bounced = await t.admin.post(`/api/payments/${cheque._id}/bounce`, { reason: 'Insufficient funds' });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(bounced.json()).toMatchObject({ status: 'cancelled', responseMessage: 'Cheque bounced: Insufficient funds' });
    expect((await student.client.get('/api/payments/student')).json().paidAmount).toBe(0);
    const audit = (await t.admin.get(`/api/audit?entity=payment&entityId=${cheque._id}&limit=1`)).json().entries[0];
    expect(audit.action).toBe('payment.bounce');
    expect((await t.admin.post(`/api/payments/${cheque._id}/bounce`, {})).statusCode).toBe(409);
    const cash = (
      await t.admin.post('/api/payments/counter', {
        studentId: student.id,
        amount: 100,
        method: 'cash',
        receivedAt: istToday(),
        centre: 'dumdum',
      })
    ).json();
    expect((await t.admin.post(`/api/payments/${cash._id}/bounce`, {})).statusCode).toBe(409);
  });
});

describe('collections', () => {
  it('totals per day, centre and method, filtered by centre; CSV and PDF', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const day = '2026-04-02';
    for (const [amount, method, centre, reference] of [
      [1000, 'cash', 'dumdum', undefined],
      [2000, 'upi', 'dumdum', 'UPI-9'],
      [3000, 'cash', 'kasba', undefined],
    ] as const) {
      const res = await t.admin.post('/api/payments/counter', {
        studentId: student.id,
        amount,
        method,
        reference,
        receivedAt: day,
        centre,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = (await t.admin.get(`/api/payments/collections?from=${day}&to=${day}`)).json();
    expect(all.total).toEqual({ amount: 6000, count: 3 });
    expect(all.byDay).toEqual([{ date: day, amount: 6000, count: 3 }]);
    expect(all.byMethod.map((m: { method: string; amount: number }) => [m.method, m.amount])).toEqual([
      ['cash', 4000],
      ['upi', 2000],
    ]);
    expect(all.rows).toContainEqual({ date: day, centre: 'dumdum', method: 'cash', amount: 1000, count: 1 });
    const dumdum = (await t.admin.get(`/api/payments/collections?from=${day}&to=${day}&centre=dumdum`)).json();
    expect(dumdum.total).toEqual({ amount: 3000, count: 2 });
    expect(dumdum.payments.every((p: { centre: string }) => p.centre === 'dumdum')).toBe(true);
    const csv = await t.admin.get(`/api/payments/collections?from=${day}&to=${day}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The UTF-8 byte-order mark first, so that Excel on Windows reads the students' names.
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFDate,Receipt,Student,Course,Centre,Method,Reference,Amount (INR),To refund (INR)');
    expect(csv.body).toContain('UPI-9');
    const pdf = await t.admin.get(`/api/payments/collections?from=${day}&to=${day}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('₹6,000.00');
    expect(text).not.toContain('INR');
    expect(text).toContain('Kasba');
    const bad = await t.admin.get('/api/payments/collections?from=2026-04-05&to=2026-04-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ to: 'To must be on or after From' });
    const s = await t.createStudent();
    expect((await s.client.get('/api/payments/collections')).statusCode).toBe(403);
  });
});

describe('amounts too small to be money', () => {
  it('5e-324 rupees is refused as an amount, never a database error (found by the route fuzzer)', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const res = await t.admin.post('/api/payments/counter', {
      studentId: student.id,
      amount: 5e-324,
      method: 'cash',
      receivedAt: istToday(),
      centre: 'dumdum',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ amount: 'Please enter a valid amount' });
  });
});
