import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { todayInIndia } from '@app/common';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import { ensureParentAccount } from '../modules/guardians/accounts.ts';
import type { Db } from './client.ts';
import { attendance, batches, classSessions, courses, studentGuardians, users } from './schema.ts';

// A sample parent for the demo (docs/product-parents.md): the mother of two demo candidates (the ranked
// mock's Aarav and Vihaan Banerjee, brothers here), both placed in a demo batch with this week's classes
// marked (one absence), so the parent's area shows attendance, a published result with rank and the
// timetable. Sample data: the name says so and the phone is a sample number. Only outside production:
// its generated password is printed at the start that creates it, as the demo staff's are.

export const DEMO_PARENT = { name: 'Rita Banerjee (sample parent)', phone: '+919000020001', relation: 'Mother' } as const;
/** The demo candidates (seed-results.ts) who are the sample parent's children. */
const CHILDREN = ['DEMO-0001', 'DEMO-0011'];

export type DemoParentLogin = { phone: string; password: string };

export async function seedDemoParent(db: Db, now = new Date()): Promise<DemoParentLogin | null> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'parent'), eq(users.phone, DEMO_PARENT.phone)))
    .limit(1);
  if (existing) return null;
  const children = await db
    .select({ id: users.id, centreId: users.centreId, batchId: users.batchId })
    .from(users)
    .where(inArray(users.registrationNumber, CHILDREN))
    .orderBy(asc(users.registrationNumber));
  if (children.length === 0) return null;

  const parentId = await ensureParentAccount(db, { name: DEMO_PARENT.name, phone: DEMO_PARENT.phone, email: null });
  if (!parentId) return null;
  const password = generatePassword();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, parentId));

  const today = todayInIndia(now);
  for (const [i, child] of children.entries()) {
    await db
      .insert(studentGuardians)
      .values({
        studentId: child.id,
        position: 1,
        name: DEMO_PARENT.name,
        relation: DEMO_PARENT.relation,
        phone: DEMO_PARENT.phone,
        parentId,
      })
      .onConflictDoNothing();
    // A batch of the child's centre (the first there), and this week's classes held so far marked.
    const [batch] = child.batchId
      ? [{ id: child.batchId }]
      : await db
          .select({ id: batches.id })
          .from(batches)
          .innerJoin(courses, eq(courses.id, batches.courseId))
          .where(eq(batches.centreId, child.centreId ?? 'dumdum'))
          // The CLAT batch of the centre (the mock they sat is a CLAT one), else the first there.
          .orderBy(sql`(${courses.name} like 'CLAT%') desc`, asc(batches.name))
          .limit(1);
    if (!batch) continue;
    if (!child.batchId) await db.update(users).set({ batchId: batch.id }).where(eq(users.id, child.id));
    const held = await db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(and(eq(classSessions.batchId, batch.id), lte(classSessions.date, today)))
      .orderBy(asc(classSessions.date), asc(classSessions.startTime));
    if (held.length === 0) continue;
    await db
      .insert(attendance)
      .values(held.map((s, j) => ({ sessionId: s.id, studentId: child.id, isPresent: !(i === 0 && j === held.length - 1) })))
      .onConflictDoNothing();
  }
  return { phone: DEMO_PARENT.phone, password };
}
