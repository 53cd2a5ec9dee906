import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { BATCH_MSG, type TeacherOption } from '@app/common/schemas/batches';
import type { Db, Tx } from '../../db/client.ts';
import { classSessions, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

// A class's teacher is a faculty account (`class_sessions.teacher_id`), and the timetable shows their name.
// Classes written before the account existed name the teacher as text: a name that is exactly one faculty
// member's, first and last with case and surrounding spaces ignored, is theirs (migration 0023 linked the
// old ones the same way); any other text stays as written, with no account (docs/product-batches.md).

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const sameName = (text: string | SQL) => sql`lower(${fullName}) = lower(trim(${text}))`;

/** The faculty members a class may name, by name (the class form's select). */
export async function findTeachers(db: Db): Promise<TeacherOption[]> {
  const rows = await db
    .select({ _id: users.id, name: fullName })
    .from(users)
    .where(and(eq(users.role, 'faculty'), eq(users.isActive, true)))
    .orderBy(asc(fullName));
  return rows;
}

/** The teacher a class body names: a faculty id (their name is written), else text matched to one faculty name. */
export async function resolveTeacher(
  tx: Tx,
  body: { teacher?: string; teacherId?: string },
): Promise<{ teacher?: string; teacherId?: string | null }> {
  if (body.teacherId) {
    const [row] = await tx
      .select({ name: fullName })
      .from(users)
      .where(and(eq(users.id, body.teacherId), eq(users.role, 'faculty')))
      .limit(1);
    if (!row) throw badRequest(BATCH_MSG.teacherNotFaculty, { teacherId: BATCH_MSG.teacherNotFaculty });
    return { teacher: row.name, teacherId: body.teacherId };
  }
  if (body.teacher === undefined) return {};
  const named = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'faculty'), sameName(body.teacher)))
    .limit(2);
  return { teacher: body.teacher, teacherId: named.length === 1 ? named[0].id : null };
}

/** A new faculty account takes the unlinked classes written with their name before it existed. */
export async function linkClassesOfTeacher(db: Db | Tx, user: { id: string; firstName: string; lastName: string }) {
  const name = `${user.firstName} ${user.lastName}`;
  // A name two faculty members share names neither (as in migration 0023).
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'faculty'), ne(users.id, user.id), sameName(name)))
    .limit(1);
  if (other) return;
  await db
    .update(classSessions)
    .set({ teacherId: user.id })
    .where(and(isNull(classSessions.teacherId), sql`lower(trim(${classSessions.teacher})) = lower(trim(${name}))`));
}
