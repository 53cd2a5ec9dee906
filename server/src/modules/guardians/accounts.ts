import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { studentGuardians, users } from '../../db/schema.ts';

// Parent accounts (docs/product-parents.md): one account per phone, made for a guardian once their student
// is admitted, and linked to every child whose guardian has that phone (siblings share one account).

/** The password hash of an account that has none yet: no password verifies against it. */
export const NO_PASSWORD = '';

type GuardianContact = { name: string; phone: string | null; email: string | null };

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0], lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1] };
}

/**
 * The parent account for a guardian: found by the phone (else by an e-mail that is a parent's), made when
 * there is none. An e-mail already used by a staff member's or a student's account is not put on the
 * parent's (an e-mail is one account's); null when the guardian gives neither a phone nor a free e-mail.
 */
export async function ensureParentAccount(tx: Db | Tx, g: GuardianContact): Promise<string | null> {
  if (g.phone) {
    const [byPhone] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'parent'), eq(users.phone, g.phone)))
      .limit(1);
    if (byPhone) return byPhone.id;
  }
  let email = g.email;
  if (email) {
    const [byEmail] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1);
    if (byEmail?.role === 'parent' && !g.phone) return byEmail.id;
    if (byEmail) email = null;
  }
  if (!g.phone && !email) return null;
  const made = await tx
    .insert(users)
    .values({ ...splitName(g.name), email, phone: g.phone, role: 'parent', passwordHash: NO_PASSWORD })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (made[0]) return made[0].id;
  // Made by a request racing this one (the same phone): that account is the one.
  const [raced] = await tx
    .select({ id: users.id })
    .from(users)
    .where(g.phone ? and(eq(users.role, 'parent'), eq(users.phone, g.phone)) : eq(users.email, email ?? ''))
    .limit(1);
  return raced?.id ?? null;
}

/** Gives every guardian line of `studentId` without an account its parent account; returns the parent ids. */
export async function linkGuardianAccounts(tx: Db | Tx, studentId: string): Promise<string[]> {
  const lines = await tx
    .select()
    .from(studentGuardians)
    .where(and(eq(studentGuardians.studentId, studentId), isNull(studentGuardians.parentId)))
    .orderBy(asc(studentGuardians.position));
  for (const line of lines) {
    const parentId = await ensureParentAccount(tx, line);
    if (parentId) await tx.update(studentGuardians).set({ parentId, updatedAt: sql`now()` }).where(eq(studentGuardians.id, line.id));
  }
  const linked = await tx
    .select({ parentId: studentGuardians.parentId })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, studentId));
  return linked.map((l) => l.parentId).filter((id): id is string => id !== null);
}

/**
 * Gives the guardian lines with this phone (of active students) that have no account yet their parent
 * account: a student admitted before parents had accounts, whose guardian asks for a sign-in code.
 */
export async function linkGuardiansByPhone(tx: Db | Tx, phone: string): Promise<string | null> {
  const lines = await tx
    .select({ id: studentGuardians.id, name: studentGuardians.name, email: studentGuardians.email, parentId: studentGuardians.parentId })
    .from(studentGuardians)
    .innerJoin(users, and(eq(users.id, studentGuardians.studentId), eq(users.role, 'student'), eq(users.isActive, true)))
    .where(eq(studentGuardians.phone, phone))
    .orderBy(asc(studentGuardians.createdAt));
  if (lines.length === 0) return null;
  const parentId = lines.find((l) => l.parentId)?.parentId ?? (await ensureParentAccount(tx, { name: lines[0].name, phone, email: null }));
  if (!parentId) return null;
  for (const l of lines) {
    if (!l.parentId) await tx.update(studentGuardians).set({ parentId, updatedAt: sql`now()` }).where(eq(studentGuardians.id, l.id));
  }
  return parentId;
}
