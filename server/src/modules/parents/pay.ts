import { eq } from 'drizzle-orm';
import type { Actor, Ctx } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { accountEmail } from '../../lib/account-email.ts';
import { childScope, ownParentId, type Scope } from '../../lib/record-scope.ts';
import { initiateInstallment } from '../payments/installments.ts';

/**
 * POST /api/parent/children/{id}/payments: the child's installment, paid by the parent through the same
 * gateway and checks as the student's own (payments/installments.ts), recorded as paid by the parent. The
 * gateway is given the student's e-mail, since a parent may have none.
 */
export async function payForChild(
  ctx: Ctx,
  actor: Actor,
  scope: Scope,
  studentId: string,
  input: { amount: number; admissionId: string; installmentNumber: number },
) {
  const child = childScope(scope, studentId);
  const parentId = ownParentId(scope);
  const [student] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, child.studentId)).limit(1);
  return initiateInstallment(ctx, actor, child, input, {
    parentId,
    name: `${actor.firstName} ${actor.lastName}`.trim(),
    studentEmail: accountEmail({ email: student?.email ?? null }),
  });
}
