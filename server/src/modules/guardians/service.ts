import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { guardiansBody } from '@app/common/schemas/parents';
import { USER_MSG } from '@app/common/schemas/users';
import type { Actor, Ctx } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { assertStudent, type Scope } from '../../lib/record-scope.ts';
import { findGuardianAlerts } from './alerts.ts';
import { findGuardians, saveGuardians } from './store.ts';

// A student's guardians for staff (docs/product-parents.md "Guardians"): read and replaced on the student
// detail page, by the staff the record scope lets reach the student.

/** The student this scope reaches, or 404 (an admin's id that is nobody's, or not a student's, too). */
async function reachStudent(ctx: Ctx, scope: Scope, id: string) {
  await assertStudent(ctx.db, scope, id);
  const [row] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'student')))
    .limit(1);
  if (!row) throw notFound(USER_MSG.notFound);
  return row;
}

export async function listGuardians(ctx: Ctx, scope: Scope, studentId: string) {
  await reachStudent(ctx, scope, studentId);
  return findGuardians(ctx.db, studentId);
}

export async function putGuardians(ctx: Ctx, actor: Actor, scope: Scope, studentId: string, body: z.output<typeof guardiansBody>) {
  const student = await reachStudent(ctx, scope, studentId);
  await ctx.db.transaction(async (tx) => {
    const before = await saveGuardians(tx, studentId, body, student.role === 'student');
    const after = await findGuardians(tx, studentId);
    await recordAudit(
      tx,
      actor,
      'student.guardians',
      'user',
      studentId,
      before.map((g) => ({ name: g.name, relation: g.relation, phone: g.phone, email: g.email })),
      after.map((g) => ({ name: g.name, relation: g.relation, phone: g.phone, email: g.email, parentId: g.parentId })),
    );
  });
  return findGuardians(ctx.db, studentId);
}

export async function listGuardianAlerts(ctx: Ctx, scope: Scope, studentId: string) {
  await reachStudent(ctx, scope, studentId);
  return findGuardianAlerts(ctx.db, studentId);
}
