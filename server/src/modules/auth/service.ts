import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { MSG, RESET_TOKEN_TTL_MS } from '@app/common';
import type { Actor, Ctx } from '../../context.ts';
import { batches, centres, passwordResetTokens, rateCounters, revokedTokens, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { resetPasswordMail } from '../messaging/mail-templates.ts';
import { toUserDto } from '../users/dto.ts';
import { clearSignInLocks, revokeResetLinks } from '../../lib/account-locks.ts';

// A reset link: at most 3 per e-mail from one address an hour, so a stranger spends their own budget,
// never the owner's.
const FORGOT_PER_ACCOUNT = 3;
const FORGOT_WINDOW_MS = 60 * 60_000;

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

/**
 * Answers the same whether or not the e-mail exists (docs/product.md section 7), and in the same time: the same
 * statements run for every e-mail before the answer, and the link and its mail are written by `later`,
 * once the answer has gone out (the route passes lib/after-reply.ts).
 */
export async function requestPasswordReset(ctx: Ctx, email: string, address: string, later: (work: () => Promise<void>) => void) {
  if (!(await takeFromBudget(ctx, `forgot:${email}:${address}`, FORGOT_PER_ACCOUNT, FORGOT_WINDOW_MS))) {
    throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyAttempts);
  }
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user?.isActive) return;
  // Found by its e-mail, so it has one.
  later(() => mailResetLink(ctx, { ...user, email }));
}

async function mailResetLink(ctx: Ctx, user: { id: string; email: string; firstName: string }) {
  const token = randomBytes(32).toString('base64url'); // 256 random bits; only the hash is stored
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password/${token}`;
  // Stored, then sent in the background: a slow mail server holds nothing up.
  await ctx.mailer.queue({ to: user.email, ...resetPasswordMail(user.firstName, link) });
}

/** The rules a chosen password meets beyond its length (docs/product.md section 5); `field` names it in the answer. */
export function assertAcceptablePassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw badRequest(MSG.passwordTooCommon, { [field]: MSG.passwordTooCommon });
}

type NewAccount = { firstName: string; lastName: string; email: string; phone?: string; password: string };

/**
 * The users row of an account an admin creates with a first password (Create New Admin, Add staff member):
 * the password refused if too common, then hashed; an empty phone is none.
 */
export async function newAccountValues(input: NewAccount, role: (typeof users.$inferInsert)['role']) {
  assertAcceptablePassword(input.password);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone || null,
    role,
    passwordHash: await hashPassword(input.password),
  };
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
    if (user.email) await clearSignInLocks(tx, user.email);
    return true;
  });
  if (!done) throw badRequest(MSG.resetTokenInvalid);
}

export async function createAdmin(ctx: Ctx, actor: Actor, input: NewAccount) {
  const [created] = await ctx.db
    .insert(users)
    .values(await newAccountValues(input, 'admin'))
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!created) throw conflict(MSG.emailTaken);
  const dto = toUserDto(created);
  await recordAudit(ctx.db, actor, 'admin.create', 'user', created.id, null, dto);
  return dto;
}
