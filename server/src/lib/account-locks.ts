import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { loginFailures, passwordResetTokens } from '../db/schema.ts';

// Shared by the sign-in flow (modules/auth) and the admin's account actions (modules/users), which must not
// import each other (no module cycle: docs/architecture.md).

/** Lifts every sign-in lock of an e-mail (a password reset by link or by an admin). */
export async function clearSignInLocks(db: Db | Tx, email: string) {
  await db.update(loginFailures).set({ failures: 0, lockedUntil: null }).where(eq(loginFailures.email, email));
}

/** Outstanding reset links of a user stop working (admin reset, deactivation; deletion removes them). */
export async function revokeResetLinks(db: Db | Tx, userId: string) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
