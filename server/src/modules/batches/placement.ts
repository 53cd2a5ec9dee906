import { and, eq } from 'drizzle-orm';
import { USER_MSG } from '@app/common/schemas/users';
import type { Actor, Ctx } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { checkBatchForStudent } from './service.ts';

/** Moves a student into a batch (or out of any, with null); the batch must be active and have room. */
export async function moveStudentToBatch(ctx: Ctx, actor: Actor, id: string, batchId: string | null) {
  await ctx.db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: users.id, batchId: users.batchId })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'student')))
      .for('update');
    if (!student) throw notFound(USER_MSG.notFound);
    if (student.batchId === batchId) return;
    if (batchId) await checkBatchForStudent(tx, batchId);
    await tx.update(users).set({ batchId, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, actor, 'user.move-batch', 'user', id, { batch: student.batchId }, { batch: batchId });
  });
}
