import { and, eq, sql } from 'drizzle-orm';
import { formatDateTime, MSG } from '@app/common';
import type { Actor, Ctx } from '../../context.ts';
import { loginFailures, users } from '../../db/schema.ts';
import { clearSignInLocks, revokeResetLinks } from '../../lib/account-locks.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { passwordChangedMail } from '../messaging/mail-templates.ts';
import { assertAcceptablePassword } from './service.ts';
import { countFailure, FREE_FAILURES, lockedFor } from './sign-in.ts';

// Wrong current passwords are braked like sign-in (docs/product.md section 9): 5 free, then a lock that
// doubles, at most 15 minutes. Counted per account, whatever the address, since whoever guesses already
// holds a session of it; kept beside the sign-in counts under an address no client has.
const CHANGE_COUNT = 'change-password';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/**
 * The signed-in user's own password (docs/product.md section 4): the current one must be right; the new
 * one follows the reset's rules. Every session of the user ends (the token version), outstanding reset
 * links and sign-in locks go, and the owner is mailed; the caller gets a fresh token and stays signed in.
 */
export async function changePassword(ctx: Ctx, actor: Actor, input: ChangePasswordInput) {
  const now = Date.now();
  // A parent who signs in by phone alone has no e-mail: their failures are counted on their account's id.
  const lockKey = actor.email ?? actor.id;
  const [row] = await ctx.db
    .select({ failures: loginFailures })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, lockKey), eq(loginFailures.address, CHANGE_COUNT)));
  if (lockedFor(row?.failures, now) > 0) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyAttempts);

  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await countFailure(ctx, lockKey, CHANGE_COUNT, FREE_FAILURES, now);
    throw badRequest(MSG.currentPasswordWrong, { currentPassword: MSG.currentPasswordWrong });
  }
  if (input.newPassword === input.currentPassword) {
    throw badRequest(MSG.newPasswordSameAsCurrent, { newPassword: MSG.newPasswordSameAsCurrent });
  }
  assertAcceptablePassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);

  // The owner is told by mail; a parent without an e-mail saw the change on their own screen.
  const mail = user.email && {
    to: user.email,
    ...passwordChangedMail({
      name: user.firstName,
      email: user.email,
      when: formatDateTime(new Date(now)),
      forgotUrl: `${ctx.config.publicUrl}/forgot-password`,
    }),
  };
  const changed = await ctx.db.transaction(async (tx) => {
    // Only from the version this session holds: a change racing another one (or a reset) finds it moved on.
    const [after] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date(now) })
      .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion), eq(users.isActive, true)))
      .returning({ role: users.role, tokenVersion: users.tokenVersion });
    if (!after) return null;
    await revokeResetLinks(tx, user.id);
    await clearSignInLocks(tx, lockKey);
    // Never the password itself: only that it changed.
    await recordAudit(
      tx,
      actor,
      `${user.role === 'admin' ? 'admin' : 'user'}.change-password`,
      'user',
      user.id,
      { tokenVersion: user.tokenVersion },
      { tokenVersion: after.tokenVersion, passwordChanged: true },
    );
    return { ...after, mailId: mail ? await ctx.mailer.storeIn(tx, mail) : null };
  });
  if (!changed) throw new AppError('UNAUTHORIZED', MSG.sessionEnded);
  // Sent after the commit without holding the answer; a failed delivery stays in the outbox and is retried.
  if (mail && changed.mailId) ctx.notifier.track(ctx.mailer.sendStored(changed.mailId, mail).catch(() => false));
  return { message: MSG.passwordChanged, token: await ctx.signer.sign({ sub: user.id, role: changed.role, ver: changed.tokenVersion }) };
}
