import { inArray } from 'drizzle-orm';
import type { StaffRole } from '@app/common/permissions';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import type { Db } from './client.ts';
import { staffCentres, users } from './schema.ts';
import { linkClassesOfTeacher } from '../modules/batches/teachers.ts';

// One demo staff member of each role besides the full admin (docs/product-staff.md), so a fresh install
// shows what each role sees. Their passwords are generated on the start that creates them and printed
// once, as the admin's is; never in production (seed.ts). The faculty member is named as a teacher of the demo timetable (seed-batches.ts)
// and teaches those classes by id, so their attendance screen lists them.

export const DEMO_STAFF: { firstName: string; lastName: string; email: string; role: Exclude<StaffRole, 'admin'>; centres: string[] }[] = [
  { firstName: 'Kasba', lastName: 'Manager', email: 'manager.kasba@lawcoaching.local', role: 'centre_manager', centres: ['kasba'] },
  { firstName: 'Dr. P.', lastName: 'Ghosh', email: 'faculty@lawcoaching.local', role: 'faculty', centres: [] },
  { firstName: 'Counter', lastName: 'Accountant', email: 'accounts@lawcoaching.local', role: 'accountant', centres: [] },
  { firstName: 'Kasba', lastName: 'Counsellor', email: 'counsellor.kasba@lawcoaching.local', role: 'counsellor', centres: ['kasba'] },
];

export type DemoStaffLogin = { email: string; role: StaffRole; password: string };

/** Adds the demo staff members who are missing; answers the sign-ins of those it added. */
export async function seedDemoStaff(db: Db): Promise<DemoStaffLogin[]> {
  const existing = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_STAFF.map((s) => s.email),
          ),
        )
    ).map((r) => r.email),
  );
  const added: DemoStaffLogin[] = [];
  for (const s of DEMO_STAFF.filter((d) => !existing.has(d.email))) {
    const password = generatePassword();
    const [row] = await db
      .insert(users)
      .values({ firstName: s.firstName, lastName: s.lastName, email: s.email, role: s.role, passwordHash: await hashPassword(password) })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!row) continue;
    if (s.role === 'faculty') await linkClassesOfTeacher(db, { id: row.id, firstName: s.firstName, lastName: s.lastName });
    if (s.centres.length > 0) await db.insert(staffCentres).values(s.centres.map((centreId) => ({ userId: row.id, centreId })));
    added.push({ email: s.email, role: s.role, password });
  }
  return added;
}
