import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { MSG } from '@app/common';
import { SIGN_IN_RESET_SUGGESTED } from '@app/common/constants';
import type { Ctx } from '../../context.ts';
import { loginFailures, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { findUserWithCentre } from './service.ts';

// Sign-in lockout (docs/product.md section 9): failures are counted per e-mail and client address, so a
// stranger guessing from one address locks out that address, not the owner signing in from another.
// Guessing from many addresses is braked by a second count per e-mail over every address: past it, an
// address that has already failed on this e-mail is not heard at all (whatever it sends, the answer is a
// wrong password's, with a hint to reset), so each address gets one more guess for as long as the brake
// holds. An address that never failed, such as the owner's phone on a new network, is still checked, so no
// amount of guessing keeps the owner out; the owner's own sign-in from anywhere lifts the brake, and so
// does a reset link. Both counts are kept for any e-mail typed, account or not, so a lock tells nothing
// about who has one.
export const FREE_FAILURES = 5;
const ACCOUNT_FREE_FAILURES = 25;
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
const lockDuration = (failures: number, free: number) => Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** Math.min(20, failures - free));
const ANY_ADDRESS = '*';

const minutesText = (ms: number) => {
  const m = Math.ceil(ms / 60_000);
  return m <= 1 ? 'a minute' : `${m} minutes`;
};
const lockedMessage = (ms: number) => `Too many failed sign-in attempts. Please try again in ${minutesText(ms)}.`;

type FailureRow = typeof loginFailures.$inferSelect;
export const lockedFor = (row: FailureRow | undefined, now: number) => (row?.lockedUntil ? row.lockedUntil.getTime() - now : 0);

/** Counts one failure on a (e-mail, address) row and locks it past `free`; a row already locked is left as it is. */
export async function countFailure(ctx: Ctx, email: string, address: string, free: number, now: number) {
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

/** The answer to a wrong password; while the brake holds, with the hint to reset (the same whether or not the password was checked). */
const wrongPassword = (braked: boolean) =>
  new AppError('UNAUTHORIZED', MSG.invalidCredentials, undefined, braked ? SIGN_IN_RESET_SUGGESTED : undefined);

/** Sign-in from `address` (the client's). */
export async function login(ctx: Ctx, email: string, password: string, address = 'unknown') {
  const now = Date.now();
  const rows = await ctx.db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), inArray(loginFailures.address, [address, ANY_ADDRESS])));
  const here = rows.find((r) => r.address === address);
  const everywhere = rows.find((r) => r.address === ANY_ADDRESS);
  if (lockedFor(here, now) > 0) throw new AppError('TOO_MANY_REQUESTS', lockedMessage(lockedFor(here, now)));
  const braked = lockedFor(everywhere, now) > 0 && !here?.trusted;
  if (braked && (here?.failures ?? 0) > 0) {
    // Not heard, and not counted: it costs the same time as a checked password, so nothing tells the two apart.
    await burnPasswordCheck(password);
    throw wrongPassword(true);
  }

  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  // An unknown e-mail costs the same hashing time as a known one.
  if (!user) await burnPasswordCheck(password);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await countFailure(ctx, email, address, FREE_FAILURES, now);
    await countFailure(ctx, email, ANY_ADDRESS, ACCOUNT_FREE_FAILURES, now);
    throw wrongPassword(braked);
  }
  if (!user.isActive) throw new AppError('FORBIDDEN', MSG.accountInactive);
  // The owner is in: this address is known from now on and starts afresh, and the brake over every
  // address is lifted (whoever was guessing starts again from nothing).
  await ctx.db
    .insert(loginFailures)
    .values({ email, address, failures: 0, trusted: true })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.address],
      set: { failures: 0, lockedUntil: null, trusted: true, updatedAt: new Date(now) },
    });
  if (everywhere && (everywhere.failures > 0 || everywhere.lockedUntil)) {
    await ctx.db
      .update(loginFailures)
      .set({ failures: 0, lockedUntil: null, updatedAt: new Date(now) })
      .where(and(eq(loginFailures.email, email), eq(loginFailures.address, ANY_ADDRESS)));
  }
  await ctx.db
    .update(users)
    .set({ lastLogin: new Date(now) })
    .where(eq(users.id, user.id));
  const token = await ctx.signer.sign({ sub: user.id, role: user.role, ver: user.tokenVersion });
  const profile = await findUserWithCentre(ctx, user.id);
  return { token, user: profile! };
}
