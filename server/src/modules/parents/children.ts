import { and, asc, eq } from 'drizzle-orm';
import type { ParentChild } from '@app/common/schemas/parents';
import type { Ctx } from '../../context.ts';
import { batches, centres, studentGuardians, users } from '../../db/schema.ts';
import { ownParentId, type Scope } from '../../lib/record-scope.ts';
import { findApprovedAdmission } from '../payments/fees.ts';

// GET /api/parent/children (docs/product-parents.md "The parent's area"): one card per linked, active
// child, with the names of their course, centre and batch.

export async function findChildren(ctx: Ctx, scope: Scope): Promise<ParentChild[]> {
  const parentId = ownParentId(scope);
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      registrationNumber: users.registrationNumber,
      centre: centres.name,
      batch: batches.name,
      relation: studentGuardians.relation,
    })
    .from(studentGuardians)
    .innerJoin(users, and(eq(users.id, studentGuardians.studentId), eq(users.role, 'student'), eq(users.isActive, true)))
    .leftJoin(centres, eq(centres.id, users.centreId))
    .leftJoin(batches, eq(batches.id, users.batchId))
    .where(eq(studentGuardians.parentId, parentId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  // One card per child, whichever guardian line links them (a parent may be both lines of one child).
  const seen = new Set<string>();
  const children: ParentChild[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    // The course is the one the child was admitted to (as the child's own fee screen shows it).
    const admission = await findApprovedAdmission(ctx, r.id);
    children.push({
      _id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      registrationNumber: r.registrationNumber,
      course: admission?.course.id ? admission.course.name : null,
      centre: r.centre,
      batch: r.batch,
      relation: r.relation,
    });
  }
  return children;
}
