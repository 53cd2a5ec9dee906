import { and, eq, sql } from 'drizzle-orm';
import { USER_MSG } from '@app/common/schemas/users';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { batches, centres, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import { temporaryPasswordMail } from '../mail/templates.ts';
import { toUserDto } from './dto.ts';

// An admin manages students here; an admin account is simply not found (issue 3).
async function lockStudent(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'student')))
    .for('update');
  if (!row) throw notFound(USER_MSG.notFound);
  return row;
}

/** Activate or deactivate; deactivation also ends every session of the student at once. */
export async function setStudentActive(ctx: Ctx, actor: Actor, id: string, isActive: boolean) {
  if (id === actor.id && !isActive) throw badRequest(USER_MSG.cannotDeactivateSelf);
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await lockStudent(tx, id);
    const [row] = await tx
      .update(users)
      .set({
        isActive,
        tokenVersion: isActive ? before.tokenVersion : sql`${users.tokenVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, actor, isActive ? 'user.activate' : 'user.deactivate', 'user', id, { isActive: before.isActive }, { isActive });
    return row;
  });
  return findStudentDto(ctx, updated.id);
}

/** The student as the API shows them, with centre and batch. */
export async function findStudentDto(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(users)
    .leftJoin(centres, eq(users.centreId, centres.id))
    .leftJoin(batches, eq(users.batchId, batches.id))
    .where(eq(users.id, id));
  if (!row) throw notFound(USER_MSG.notFound);
  return toUserDto(row.users, row.centres, row.batches);
}

/** A new temporary password, mailed to the student; the old password and every token stop working. */
export async function resetStudentPassword(ctx: Ctx, actor: Actor, id: string) {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const student = await ctx.db.transaction(async (tx) => {
    const before = await lockStudent(tx, id);
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    // Never the password itself: only that it changed.
    await recordAudit(
      tx,
      actor,
      'user.reset-password',
      'user',
      id,
      { tokenVersion: before.tokenVersion },
      { tokenVersion: before.tokenVersion + 1, passwordReset: true },
    );
    return before;
  });
  const mail = temporaryPasswordMail({
    name: student.firstName,
    email: student.email,
    password,
    loginUrl: `${ctx.config.publicUrl}/login`,
  });
  const emailSent = await ctx.mailer.send({ to: student.email, ...mail }).catch(() => false);
  return { message: emailSent ? USER_MSG.resetSent(student.email) : USER_MSG.resetNotSent(student.email), emailSent };
}

/**
 * Removes the student and what belongs only to them: attempts, submissions, payments and reset tokens
 * go with the row (foreign keys cascade); their admission request stays, unlinked.
 */
export async function deleteStudent(ctx: Ctx, actor: Actor, id: string) {
  if (id === actor.id) throw badRequest(USER_MSG.cannotDeleteSelf);
  const removed = await ctx.db.transaction(async (tx) => {
    const before = await lockStudent(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, actor, 'user.delete', 'user', id, toUserDto(before), null);
    return before;
  });
  return { message: USER_MSG.deleted(`${removed.firstName} ${removed.lastName}`.trim()) };
}
