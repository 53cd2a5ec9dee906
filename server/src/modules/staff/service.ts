import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@app/common';
import { isCentreScopedRole, STAFF_ROLES } from '@app/common/permissions';
import { centresProblem, STAFF_MSG, type StaffMember } from '@app/common/schemas/staff';
import type { z } from 'zod';
import type { createStaffBody, updateStaffBody } from '@app/common/schemas/staff';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { staffCentres, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newAccountValues } from '../auth/service.ts';
import { linkClassesOfTeacher } from '../batches/teachers.ts';
import { assertAnotherActiveAdmin, deleteUser, serialiseAdminChanges } from '../users/account.ts';
import { personDto } from '../users/dto.ts';
import { accountEmail } from '../../lib/account-email.ts';

// Staff accounts with a role, and a centre manager's centres (docs/product-staff.md). Only a full admin
// reaches these; the institute always keeps one active full admin.

type UserRow = typeof users.$inferSelect;

const toStaffDto = (u: UserRow, centres: string[]): StaffMember => ({
  ...personDto(u),
  email: accountEmail(u),
  role: u.role as StaffMember['role'],
  centres,
  isActive: u.isActive,
  createdAt: u.createdAt.toISOString(),
  lastLogin: u.lastLogin?.toISOString() ?? null,
});

const isStaff = inArray(users.role, [...STAFF_ROLES]);

async function centresOf(db: Db | Tx, ids: string[]) {
  const map = new Map<string, string[]>();
  if (ids.length === 0) return map;
  const rows = await db.select().from(staffCentres).where(inArray(staffCentres.userId, ids)).orderBy(asc(staffCentres.centreId));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.centreId]);
  return map;
}

async function findOne(db: Db | Tx, id: string): Promise<StaffMember> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaff))
    .limit(1);
  if (!row) throw notFound(STAFF_MSG.notFound);
  return toStaffDto(row, (await centresOf(db, [id])).get(id) ?? []);
}

/** Every staff member, active ones first, then by name. */
export async function findStaff(ctx: Ctx) {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(isStaff)
    .orderBy(desc(users.isActive), asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  const centres = await centresOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { staff: rows.map((r) => toStaffDto(r, centres.get(r.id) ?? [])), total: rows.length };
}

export async function createStaff(ctx: Ctx, actor: Actor, input: z.output<typeof createStaffBody>) {
  const values = await newAccountValues(input, input.role);
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
    if (!row) throw conflict(MSG.emailTaken);
    const centres = isCentreScopedRole(input.role) ? (input.centres ?? []) : [];
    if (centres.length > 0) await tx.insert(staffCentres).values(centres.map((centreId) => ({ userId: row.id, centreId })));
    // The classes the timetable already names them for become theirs (batches/teachers.ts).
    if (row.role === 'faculty') await linkClassesOfTeacher(tx, row);
    const dto = toStaffDto(row, centres);
    await recordAudit(tx, actor, 'staff.create', 'user', row.id, null, dto);
    return dto;
  });
  return { message: STAFF_MSG.created, staff: created };
}

/**
 * A new role, new centres, or (de)activation. A role change or a deactivation ends the person's sessions at
 * once (the token carries the role, and the version is bumped); new centres apply from their next request.
 */
export async function updateStaff(ctx: Ctx, actor: Actor, id: string, body: z.output<typeof updateStaffBody>) {
  const updated = await ctx.db.transaction(async (tx) => {
    await serialiseAdminChanges(tx);
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isStaff))
      .for('update');
    if (!before) throw notFound(STAFF_MSG.notFound);
    const beforeDto = toStaffDto(before, (await centresOf(tx, [id])).get(id) ?? []);
    const role = body.role ?? beforeDto.role;
    const isActive = body.isActive ?? before.isActive;
    const roleChanged = role !== before.role;
    // Centres follow the role: a new centre manager must be given some; leaving the role drops them.
    const centres = isCentreScopedRole(role) ? (body.centres ?? (roleChanged ? [] : beforeDto.centres)) : (body.centres ?? []);
    const problem = centresProblem(role, centres);
    if (problem) throw badRequest(problem, { centres: problem });
    const leavesAdmins = before.role === 'admin' && before.isActive && (roleChanged || !isActive);
    if (leavesAdmins) await assertAnotherActiveAdmin(tx, id);
    if (id === actor.id && (roleChanged || !isActive)) throw badRequest(STAFF_MSG.cannotChangeSelf);
    const endSessions = roleChanged || (before.isActive && !isActive);
    await tx
      .update(users)
      .set({
        role,
        isActive,
        tokenVersion: endSessions ? sql`${users.tokenVersion} + 1` : before.tokenVersion,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    await tx.delete(staffCentres).where(eq(staffCentres.userId, id));
    if (centres.length > 0) await tx.insert(staffCentres).values(centres.map((centreId) => ({ userId: id, centreId })));
    if (roleChanged && role === 'faculty') await linkClassesOfTeacher(tx, before);
    const after = await findOne(tx, id);
    await recordAudit(tx, actor, 'staff.update', 'user', id, beforeDto, after);
    return after;
  });
  return { message: 'Staff member updated', staff: updated };
}

/** Deletes a staff member (never oneself, never the last active full admin). */
export async function deleteStaff(ctx: Ctx, actor: Actor, id: string) {
  const target = await findOne(ctx.db, id);
  // The last active full admin first: that answer (409) says more than "not yourself".
  if (target.role === 'admin' && target.isActive) {
    await ctx.db.transaction(async (tx) => {
      await serialiseAdminChanges(tx);
      await assertAnotherActiveAdmin(tx, id);
    });
  }
  await deleteUser(ctx, actor, id);
  return { message: STAFF_MSG.deleted };
}
