import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { MSG, RESET_TOKEN_TTL_MS } from '@app/common';
import type { Actor, Ctx } from '../../context.ts';
import { batches, centres, loginFailures, passwordResetTokens, rateCounters, revokedTokens, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { resetPasswordMail } from '../mail/templates.ts';
import { toUserDto } from '../users/dto.ts';
import { clearSignInLocks, revokeResetLinks } from '../../lib/account-locks.ts';

// Sign-in lockout (docs/product.md section 4): failures are counted per e-mail and client address, so a
// stranger guessing from one address locks out that address, not the owner signing in from another.
// Guessing from many addresses is braked by a second count per e-mail over every address: past it, only
// addresses that have signed in to this e-mail before are let through (and a reset link lifts it).
// Both counts are kept for any e-mail typed, account or not, so a lock tells nothing about who has one.
const FREE_FAILURES = 5;
const ACCOUNT_FREE_FAILURES = 25;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
const lockDuration = (failures: number, free: number) => Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** Math.min(20, failures - free));
const ANY_ADDRESS = '*';

// A reset link: at most 3 per e-mail from one address an hour, so a stranger spends their own budget,
// never the owner's.
const FORGOT_PER_ACCOUNT = 3;
const FORGOT_WINDOW_MS = 60 * 60_000;

const minutesText = (ms: number) => {
  const m = Math.ceil(ms / 60_000);
  return m <= 1 ? 'a minute' : `${m} minutes`;
};
const lockedMessage = (ms: number) => `Too many failed sign-in attempts. Please try again in ${minutesText(ms)}.`;

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

/** Counts one failure on a (e-mail, address) row and locks it past `free`; a row already locked is left as it is. */
async function countFailure(ctx: Ctx, email: string, address: string, free: number, now: number) {
  const at = new Date(now);
  const [row] = await ctx.db
    .insert(loginFailures)
    .values({ email, address, failures: 1 })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.address],
      set: { failures: sql`${loginFailures.failures} + 1`, updatedAt: at },
      // Guessing on during a lock neither counts nor stretches it.
      setWhere: or(isNull(loginFailures.lockedUntil), lte(loginFailures.lockedUntil, at)),
    })
    .returning({ failures: loginFailures.failures });
  if (row && row.failures >= free) {
    await ctx.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(now + lockDuration(row.failures, free)) })
      .where(and(eq(loginFailures.email, email), eq(loginFailures.address, address)));
  }
}

/** Sign-in from `address` (the client's). */
export async function login(ctx: Ctx, email: string, password: string, address = 'unknown') {
  const now = Date.now();
  const rows = await ctx.db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), inArray(loginFailures.address, [address, ANY_ADDRESS])));
  const here = rows.find((r) => r.address === address);
  const everywhere = rows.find((r) => r.address === ANY_ADDRESS);
  const lockedFor = (r: typeof here) => (r?.lockedUntil ? r.lockedUntil.getTime() - now : 0);
  if (lockedFor(here) > 0) throw new AppError('TOO_MANY_REQUESTS', lockedMessage(lockedFor(here)));
  if (lockedFor(everywhere) > 0 && !here?.trusted) throw new AppError('TOO_MANY_REQUESTS', lockedMessage(lockedFor(everywhere)));

  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  // An unknown e-mail costs the same hashing time as a known one.
  if (!user) await burnPasswordCheck(password);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await countFailure(ctx, email, address, FREE_FAILURES, now);
    await countFailure(ctx, email, ANY_ADDRESS, ACCOUNT_FREE_FAILURES, now);
    throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  }
  if (!user.isActive) throw new AppError('FORBIDDEN', MSG.accountInactive);
  // The owner is in: this address is known from now on and starts afresh.
  await ctx.db
    .insert(loginFailures)
    .values({ email, address, failures: 0, trusted: true })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.address],
      set: { failures: 0, lockedUntil: null, trusted: true, updatedAt: new Date(now) },
    });
  await ctx.db
    .update(users)
    .set({ lastLogin: new Date(now) })
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

/** Ends this one token (logout); other sessions of the user go on. Kept in the database for every instance. */
export async function revokeToken(ctx: Ctx, tokenId: string, expiresAtSeconds: number) {
  await ctx.db
    .insert(revokedTokens)
    .values({ jti: tokenId, expiresAt: new Date(expiresAtSeconds * 1000) })
    .onConflictDoNothing();
  // Rows of tokens that have expired anyway are no longer needed.
  await ctx.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
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

/** Answers the same whether or not the e-mail exists (docs/architecture.md). */
export async function requestPasswordReset(ctx: Ctx, email: string, address = 'unknown') {
  if (!(await takeFromBudget(ctx, `forgot:${email}:${address}`, FORGOT_PER_ACCOUNT, FORGOT_WINDOW_MS))) {
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
    // A deactivated account cannot be taken back through a link mailed before.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, claimed.userId), eq(users.isActive, true)))
      .returning({ email: users.email });
    if (!user) return false;
    // Any other outstanding link for this account stops working too; the owner's locks are lifted.
    await revokeResetLinks(tx, claimed.userId);
    await clearSignInLocks(tx, user.email);
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
