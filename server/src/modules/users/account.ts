import { and, count, eq, ne, sql } from 'drizzle-orm';
import { USER_MSG } from '@app/common/schemas/users';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { batches, centres, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import { clearSignInLocks, revokeResetLinks } from '../../lib/account-locks.ts';
import { temporaryPasswordMail } from '../messaging/mail-templates.ts';
import { toUserDto } from './dto.ts';
import { accountEmail, withEmail } from '../../lib/account-email.ts';

// An admin manages students and the other admins here (docs/product.md section 2).

/** Locks the account row for this transaction, student or admin. */
async function lockAccount(tx: Tx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound(USER_MSG.notFound);
  return row;
}

/**
 * An admin account may leave the active admins (deactivated or deleted) only while another active admin
 * stays: the institute is never left without one. The active admins are locked first, so two admins
 * removing each other at once cannot both succeed.
 */
export async function assertAnotherActiveAdmin(tx: Tx, id: string) {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .for('update');
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, id)));
  if (others.n === 0) throw conflict(USER_MSG.lastAdmin);
}

/**
 * Deactivating or deleting accounts runs one at a time: two admins cutting each other off at once would
 * otherwise lock each other's rows in opposite orders (a deadlock on PostgreSQL) instead of one being refused.
 */
export async function serialiseAdminChanges(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(7235001)`);
}

const auditPrefix = (role: string) => (role === 'admin' ? 'admin' : 'user');

/** Activate or deactivate; deactivation also ends every session and every outstanding reset link at once. */
export async function setUserActive(ctx: Ctx, actor: Actor, id: string, isActive: boolean) {
  if (id === actor.id && !isActive) throw badRequest(USER_MSG.cannotDeactivateSelf);
  const updated = await ctx.db.transaction(async (tx) => {
    await serialiseAdminChanges(tx);
    const before = await lockAccount(tx, id);
    if (!isActive && before.role === 'admin' && before.isActive) await assertAnotherActiveAdmin(tx, id);
    const [row] = await tx
      .update(users)
      .set({
        isActive,
        tokenVersion: isActive ? before.tokenVersion : sql`${users.tokenVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    if (!isActive) await revokeResetLinks(tx, id);
    await recordAudit(
      tx,
      actor,
      `${auditPrefix(before.role)}.${isActive ? 'activate' : 'deactivate'}`,
      'user',
      id,
      { isActive: before.isActive },
      { isActive },
    );
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

/**
 * A new temporary password, mailed to the account's owner; the old password, every token and every
 * outstanding reset link stop working, and any sign-in lock is lifted.
 */
export async function resetUserPassword(ctx: Ctx, actor: Actor, id: string) {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const account = await ctx.db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id));
    await revokeResetLinks(tx, id);
    await clearSignInLocks(tx, accountEmail(before));
    // Never the password itself: only that it changed.
    await recordAudit(
      tx,
      actor,
      `${auditPrefix(before.role)}.reset-password`,
      'user',
      id,
      { tokenVersion: before.tokenVersion },
      { tokenVersion: before.tokenVersion + 1, passwordReset: true },
    );
    return withEmail(before);
  });
  const mail = temporaryPasswordMail({
    name: account.firstName,
    email: account.email,
    password,
    loginUrl: `${ctx.config.publicUrl}/login`,
  });
  const emailSent = await ctx.mailer.send({ to: account.email, ...mail }).catch(() => false);
  return { message: emailSent ? USER_MSG.resetSent(account.email) : USER_MSG.resetNotSent(account.email), emailSent };
}

/**
 * Removes the account and what belongs only to it: attempts, submissions, payments and reset tokens
 * go with the row (foreign keys cascade); a student's admission request stays, unlinked.
 */
export async function deleteUser(ctx: Ctx, actor: Actor, id: string) {
  if (id === actor.id) throw badRequest(USER_MSG.cannotDeleteSelf);
  const removed = await ctx.db.transaction(async (tx) => {
    await serialiseAdminChanges(tx);
    const before = await lockAccount(tx, id);
    if (before.role === 'admin' && before.isActive) await assertAnotherActiveAdmin(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, actor, `${auditPrefix(before.role)}.delete`, 'user', id, toUserDto(before), null);
    return before;
  });
  return { message: USER_MSG.deleted(`${removed.firstName} ${removed.lastName}`.trim()) };
}
