import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { parentPhoneOf } from '@app/common/schemas/parents';
import type { Guardian } from '@app/common/schemas/parents';
import type { Db, Tx } from '../../db/client.ts';
import { studentGuardians, users } from '../../db/schema.ts';
import { linkGuardianAccounts } from './accounts.ts';

// A student's guardians on their record (docs/product-parents.md "Guardians"): one line a guardian, in the
// order the forms and the admin give them (position 1, 2). The admin's edit, the approval of an admission
// and the student import all write them here.

/** A guardian as the forms, the import and the admin give one (the phone already +91XXXXXXXXXX). */
export type GuardianLine = { name: string; relation: string; phone?: string | null; email?: string | null };

/**
 * The guardians of an admission request: its `guardians` when the form sent them, else the old emergency
 * contact as the first guardian (docs/product-parents.md). An emergency phone that is not an Indian mobile
 * cannot be a parent's sign-in, so such a contact stays on the application only.
 */
export function guardiansOfRequest(
  guardians: GuardianLine[] | null | undefined,
  application: { emergencyContactName?: string; emergencyContactRelation?: string; emergencyContactPhone?: string } | null | undefined,
): GuardianLine[] {
  if (guardians && guardians.length > 0) return guardians;
  const phone = parentPhoneOf(application?.emergencyContactPhone);
  if (!application?.emergencyContactName || !application.emergencyContactRelation || !phone) return [];
  return [{ name: application.emergencyContactName, relation: application.emergencyContactRelation, phone }];
}

/** Replaces a student's guardian lines with `lines` (in the caller's transaction); the same phone keeps its account. */
export async function replaceGuardians(tx: Db | Tx, studentId: string, lines: GuardianLine[]) {
  const before = await tx.select().from(studentGuardians).where(eq(studentGuardians.studentId, studentId));
  await tx.delete(studentGuardians).where(eq(studentGuardians.studentId, studentId));
  if (lines.length === 0) return before;
  await tx.insert(studentGuardians).values(
    lines.map((g, i) => {
      const phone = g.phone ?? null;
      const email = g.email ?? null;
      // A guardian whose phone (or, without a phone, e-mail) is unchanged keeps the account they had.
      const same = before.find((b) => (phone ? b.phone === phone : !b.phone && b.email === email));
      return { studentId, position: i + 1, name: g.name, relation: g.relation, phone, email, parentId: same?.parentId ?? null };
    }),
  );
  return before;
}

/** Writes the guardians and, for an admitted student, gives each their parent account (one per phone). */
export async function saveGuardians(tx: Tx, studentId: string, lines: GuardianLine[], admitted: boolean) {
  const before = await replaceGuardians(tx, studentId, lines);
  if (admitted) await linkGuardianAccounts(tx, studentId);
  return before;
}

/** A student's guardians as the API answers them, in position order, with the parent's last sign-in. */
export async function findGuardians(db: Db | Tx, studentId: string): Promise<Guardian[]> {
  const rows = await db
    .select({ line: studentGuardians, lastLogin: users.lastLogin })
    .from(studentGuardians)
    .leftJoin(users, eq(users.id, studentGuardians.parentId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(asc(studentGuardians.position));
  return rows.map(({ line, lastLogin }) => ({
    _id: line.id,
    name: line.name,
    relation: line.relation,
    phone: line.phone,
    email: line.email,
    parentId: line.parentId,
    lastLogin: lastLogin?.toISOString() ?? null,
  }));
}

/** The parent accounts of these students' guardians: (student, parent) pairs, active parents only. */
export async function findGuardianParents(db: Db | Tx, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: studentGuardians.studentId, parentId: users.id, relation: studentGuardians.relation })
    .from(studentGuardians)
    .innerJoin(users, and(eq(users.id, studentGuardians.parentId), eq(users.isActive, true)))
    .where(and(inArray(studentGuardians.studentId, [...new Set(studentIds)]), isNotNull(studentGuardians.parentId)))
    .orderBy(asc(studentGuardians.position));
}
