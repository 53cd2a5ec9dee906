import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG, RESET_TOKEN_TTL_MS } from '@app/common';
import type { Actor, Ctx } from '../../context.ts';
import { batches, centres, passwordResetTokens, rateCounters, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { resetPasswordMail } from '../mail/templates.ts';
import { toUserDto } from '../users/dto.ts';

// Per-account lockout with a growing delay, capped so that a stranger cannot lock anyone out for long.
const FREE_FAILURES = 5;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
const lockDuration = (failures: number) => Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** (failures - FREE_FAILURES));

const FORGOT_PER_ACCOUNT = 3;
const FORGOT_WINDOW_MS = 60 * 60_000;

const minutesText = (ms: number) => {
  const m = Math.ceil(ms / 60_000);
  return m <= 1 ? 'a minute' : `${m} minutes`;
};

export async function findUserWithCentre(ctx: Ctx, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(users)
    .leftJoin(centres, eq(users.centreId, centres.id))
    .leftJoin(batches, eq(users.batchId, batches.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? toUserDto(row.users, row.centres, row.batches) : null;
}

export async function login(ctx: Ctx, email: string, password: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    await burnPasswordCheck(password);
    throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  }
  const now = Date.now();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many failed sign-in attempts. Please try again in ${minutesText(user.lockedUntil.getTime() - now)}.`,
    );
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const failures = user.failedLogins + 1;
    await ctx.db
      .update(users)
      .set({
        failedLogins: failures,
        lockedUntil: failures >= FREE_FAILURES ? new Date(now + lockDuration(failures)) : null,
      })
      .where(eq(users.id, user.id));
    throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  }
  if (!user.isActive) throw new AppError('FORBIDDEN', MSG.accountInactive);
  await ctx.db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLogin: new Date(now) })
    .where(eq(users.id, user.id));
  const token = ctx.signer.sign({ sub: user.id, role: user.role, ver: user.tokenVersion });
  const profile = await findUserWithCentre(ctx, user.id);
  return { token, user: profile! };
}

/** Ends every session of the user: all tokens issued before stop working. */
export async function endAllSessions(ctx: Ctx, userId: string) {
  await ctx.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** Counts a hit against a per-key budget shared by every instance; false when the budget is spent. */
async function takeFromBudget(ctx: Ctx, key: string, limit: number, windowMs: number): Promise<boolean> {
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await ctx.db
    .insert(rateCounters)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${rateCounters.resetAt} < now() then 1 else ${rateCounters.count} + 1 end`,
        resetAt: sql`case when ${rateCounters.resetAt} < now() then ${resetAt.toISOString()}::timestamptz else ${rateCounters.resetAt} end`,
      },
    })
    .returning({ count: rateCounters.count });
  return row.count <= limit;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Answers the same whether or not the e-mail exists (DESIGN.md section 8). */
export async function requestPasswordReset(ctx: Ctx, email: string) {
  if (!(await takeFromBudget(ctx, `forgot:${email}`, FORGOT_PER_ACCOUNT, FORGOT_WINDOW_MS))) {
    throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyAttempts);
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user?.isActive) return;
  const token = randomBytes(32).toString('base64url'); // 256 random bits; only the hash is stored
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password/${token}`;
  // Stored now, sent in the background: the answer does not wait on the mail server, nor tell by its
  // timing that the account exists.
  await ctx.mailer.queue({ to: user.email, ...resetPasswordMail(user.firstName, link) });
}

export function assertAcceptablePassword(password: string) {
  if (isCommonPassword(password)) throw badRequest(MSG.passwordTooCommon, { password: MSG.passwordTooCommon });
}

export async function resetPassword(ctx: Ctx, token: string, password: string) {
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  const done = await ctx.db.transaction(async (tx) => {
    // Claiming the token and using it is one step: a second use finds it used.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return false;
    await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, claimed.userId));
    // Any other outstanding link for this account stops working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    return true;
  });
  if (!done) throw badRequest(MSG.resetTokenInvalid);
}

export async function createAdmin(
  ctx: Ctx,
  actor: Actor,
  input: { firstName: string; lastName: string; email: string; phone?: string; password: string },
) {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const [created] = await ctx.db
    .insert(users)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone || null,
      role: 'admin',
      passwordHash,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!created) throw conflict(MSG.emailTaken);
  const dto = toUserDto(created);
  await recordAudit(ctx.db, actor, 'admin.create', 'user', created.id, null, dto);
  return dto;
}
