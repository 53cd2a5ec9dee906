import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, paymentEvents, payments } from '../../db/schema.ts';
import { newOrderId } from './service.ts';
import { createAdmittedStudent, createCourse, istToday } from './test-fixtures.ts';

// A counter payment calls nothing outside: it goes from nothing to completed in one transaction, so a
// crash part-way leaves nothing behind (docs/product.md, "Counter payments and collections"). The
// counter payments older code left pending between its two transactions are cancelled by migration 0022.

const MIGRATION = new URL('../../db/migrations/0022_counter_orphans_refund_flags.sql', import.meta.url);

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 20_000);
});
afterAll(async () => t?.close());

const cash = (studentId: string, amount: number) =>
  t.admin.post('/api/payments/counter', { studentId, amount, method: 'cash', receivedAt: istToday(), centre: 'dumdum' });
const rowsOf = (studentId: string) => t.ctx.db.select().from(payments).where(eq(payments.studentId, studentId));

/** A counter payment as the old code left it when the process died between its two transactions. */
async function seedOrphan(studentId: string, admissionId: string, amountPaise: number) {
  const [row] = await t.ctx.db
    .insert(payments)
    .values({
      studentId,
      courseId: course._id,
      courseName: course.name,
      admissionId,
      kind: 'installment',
      amountPaise,
      feePaise: amountPaise,
      orderId: newOrderId(),
      method: 'offline',
      gateway: null,
      counterMethod: 'cash',
      centreId: 'dumdum',
      receivedAt: new Date(),
      status: 'pending',
    })
    .returning();
  await t.ctx.db.insert(paymentEvents).values({
    paymentId: row.id,
    fromStatus: null,
    toStatus: 'pending',
    actorLabel: 'Counter Clerk',
    note: 'Offline payment recorded; waiting for verification',
  });
  return row;
}

describe('one transaction', () => {
  it('a fault while the payment is being completed leaves no pending row behind', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    // The fault: the database refuses the completion's history row, as a crash at that moment would end it.
    await t.ctx.db.execute(
      sql.raw(
        `create function test_fail_completion() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`,
      ),
    );
    await t.ctx.db.execute(
      sql.raw(
        `create trigger test_fail_completion before insert on payment_events for each row when (new.to_status = 'completed') execute function test_fail_completion()`,
      ),
    );
    try {
      expect((await cash(student.id, 5_000)).statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger test_fail_completion on payment_events'));
      await t.ctx.db.execute(sql.raw('drop function test_fail_completion()'));
    }
    expect(await rowsOf(student.id)).toEqual([]);
    // What is owed is untouched: the whole fee can be taken now.
    expect((await cash(student.id, 20_000)).statusCode).toBe(201);
  });

  it('a pending counter payment is not subtracted from what is owed, and cannot be verified into a second credit', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const orphan = await seedOrphan(student.id, admission.id, 40_000);
    // The clerk re-entered the money: the counter owes the fee page's figure, the whole fee.
    expect((await cash(student.id, 20_000)).statusCode).toBe(201);
    const verify = await t.admin.patch(`/api/payments/${orphan.id}/verify`);
    expect(verify.statusCode, verify.body).toBe(409);
    expect((await student.client.get('/api/payments/student')).json()).toMatchObject({ paidAmount: 20_000, pendingAmount: 0 });
  });
});

describe('migration 0022', () => {
  it('cancels the counter payments left pending, with a history entry and an audit entry each', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const orphan = await seedOrphan(student.id, admission.id, 40_000);
    const other = await seedOrphan(student.id, admission.id, 10_000);
    await t.ctx.db.update(payments).set({ status: 'completed', paidAt: new Date() }).where(eq(payments.id, other.id));
    const statements = fs
      .readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => s.includes('counter_method'));
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) await t.ctx.db.execute(sql.raw(s));
    const [after] = await t.ctx.db.select().from(payments).where(eq(payments.id, orphan.id));
    expect(after.status).toBe('cancelled');
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, orphan.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'pending'],
      ['pending', 'cancelled'],
    ]);
    expect(events[1].note).toMatch(/never completed/);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orphan.id), eq(auditLog.action, 'payment.cancelled')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorLabel).toBe('system');
    // A completed counter payment is left as it is.
    expect((await t.ctx.db.select().from(payments).where(eq(payments.id, other.id)))[0].status).toBe('completed');
  });
});
