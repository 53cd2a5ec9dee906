import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@app/common';
import { PARENT_MSG } from '@app/common/schemas/parents';
import type { Actor, Ctx } from '../../context.ts';
import { loginFailures, users } from '../../db/schema.ts';
import { clearSignInLocks } from '../../lib/account-locks.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { assertAcceptablePassword, findUserWithCentre } from '../auth/service.ts';
import { countFailure, FREE_FAILURES, lockedFor } from '../auth/sign-in.ts';
import { NO_PASSWORD } from '../guardians/accounts.ts';
import { checkParentCode } from './codes.ts';

// A parent signs in by a code sent to their phone, or by their phone and a password once they set one
// (docs/product-parents.md "Signing in"). Either way the answer is the sign-in's: { token, user }.

/** Thrown past a code's tries: the route sends its Retry-After with the 429. */
export class TooManyTries extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', PARENT_MSG.tooManyTries);
  }
}

/** The session of a parent who proved who they are: as the sign-in's (auth/sign-in.ts `login`). */
async function startSession(ctx: Ctx, user: { id: string; role: Actor['role']; tokenVersion: number }, now: Date) {
  await ctx.db.update(users).set({ lastLogin: now }).where(eq(users.id, user.id));
  const token = await ctx.signer.sign({ sub: user.id, role: user.role, ver: user.tokenVersion });
  const profile = await findUserWithCentre(ctx, user.id);
  return { token, user: profile! };
}

const findParentAccount = async (ctx: Ctx, where: ReturnType<typeof eq>) =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'parent'), where))
      .limit(1)
  )[0];

/** POST /api/auth/parent/verify. */
export async function verifyParentCode(ctx: Ctx, phone: string, code: string, now = new Date()) {
  const check = await checkParentCode(ctx, phone, code, now);
  if (!check.ok) {
    if (check.reason === 'too-many') throw new TooManyTries(check.retryAfterSeconds);
    throw new AppError('UNAUTHORIZED', check.reason === 'wrong' ? PARENT_MSG.codeWrong : PARENT_MSG.codeExpired);
  }
  const user = await findParentAccount(ctx, eq(users.id, check.parentId));
  if (!user) throw new AppError('UNAUTHORIZED', PARENT_MSG.codeExpired);
  if (!user.isActive) throw new AppError('FORBIDDEN', MSG.accountInactive);
  return startSession(ctx, user, now);
}

/**
 * POST /api/auth/parent/login: the phone and the password a parent set. Failures lock the phone from that
 * address as the sign-in's do an e-mail (5 free, then a lock that doubles); an unknown phone, or an account
 * with no password yet, costs the same hashing time and gets the same answer as a wrong password.
 */
export async function loginParentWithPassword(ctx: Ctx, phone: string, password: string, address: string) {
  const now = Date.now();
  const [here] = await ctx.db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.email, phone), eq(loginFailures.address, address)));
  if (lockedFor(here, now) > 0) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyAttempts);
  const user = await findParentAccount(ctx, eq(users.phone, phone));
  const hasPassword = !!user && user.passwordHash !== NO_PASSWORD;
  if (!hasPassword) await burnPasswordCheck(password);
  if (!user || !hasPassword || !(await verifyPassword(user.passwordHash, password))) {
    await countFailure(ctx, phone, address, FREE_FAILURES, now);
    throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  }
  if (!user.isActive) throw new AppError('FORBIDDEN', MSG.accountInactive);
  await ctx.db
    .insert(loginFailures)
    .values({ email: phone, address, failures: 0, trusted: true })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.address],
      set: { failures: 0, lockedUntil: null, trusted: true, updatedAt: new Date(now) },
    });
  return startSession(ctx, user, new Date(now));
}

/**
 * POST /api/parent/password: a parent's first password (signed in by a code) or a new one (the current one
 * asked for once one is set). The new one follows change-password's rules; every other session ends (the
 * token version) and the caller gets a fresh token, as change-password answers.
 */
export async function setParentPassword(
  ctx: Ctx,
  actor: Actor,
  parentId: string,
  input: { currentPassword?: string; newPassword: string },
) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, parentId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', MSG.sessionEnded);
  const hasPassword = user.passwordHash !== NO_PASSWORD;
  if (hasPassword) {
    // Wrong current passwords are braked as change-password brakes them, on the account's id.
    const lockKey = `parent-password:${user.id}`;
    const [row] = await ctx.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, lockKey), eq(loginFailures.address, 'change-password')));
    if (lockedFor(row, Date.now()) > 0) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyAttempts);
    if (!input.currentPassword) throw badRequest(MSG.currentPasswordRequired, { currentPassword: MSG.currentPasswordRequired });
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await countFailure(ctx, lockKey, 'change-password', FREE_FAILURES, Date.now());
      throw badRequest(MSG.currentPasswordWrong, { currentPassword: MSG.currentPasswordWrong });
    }
    if (input.newPassword === input.currentPassword) {
      throw badRequest(MSG.newPasswordSameAsCurrent, { newPassword: MSG.newPasswordSameAsCurrent });
    }
  }
  assertAcceptablePassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion), eq(users.isActive, true)))
      .returning({ role: users.role, tokenVersion: users.tokenVersion });
    if (!after) return null;
    if (user.phone) await clearSignInLocks(tx, user.phone);
    await clearSignInLocks(tx, `parent-password:${user.id}`);
    // Never the password itself: only that it was set.
    await recordAudit(
      tx,
      actor,
      'user.change-password',
      'user',
      user.id,
      { tokenVersion: user.tokenVersion },
      { tokenVersion: after.tokenVersion, passwordChanged: true },
    );
    return after;
  });
  if (!changed) throw new AppError('UNAUTHORIZED', MSG.sessionEnded);
  return {
    message: PARENT_MSG.passwordSet,
    token: await ctx.signer.sign({ sub: user.id, role: changed.role, ver: changed.tokenVersion }),
  };
}
