import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AuditList, auditListQuery } from '@app/common/schemas/audit';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import {
  admissionRequests,
  announcements,
  auditLog,
  coupons,
  courses,
  enquiries,
  exams,
  payments,
  submissions,
  users,
} from '../../db/schema.ts';

type Query = z.output<typeof auditListQuery>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * The names of the records a page of entries is about, so the trail reads "Asha Rao" rather than a
 * record id: one query per kind of record on the page (at most eight), by primary key.
 */
async function entityNames(ctx: Ctx, rows: { entity: string; entityId: string | null }[]): Promise<Map<string, string>> {
  const ids = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.entityId || !UUID.test(r.entityId)) continue;
    ids.set(r.entity, [...(ids.get(r.entity) ?? []), r.entityId]);
  }
  const names = new Map<string, string>();
  const add = (entity: string, found: { id: string; name: string | null }[]) => {
    for (const f of found) if (f.name) names.set(`${entity}:${f.id}`, f.name);
  };
  const db = ctx.db;
  for (const [entity, list] of ids) {
    const wanted = [...new Set(list)];
    if (entity === 'user') add(entity, await db.select({ id: users.id, name: fullName }).from(users).where(inArray(users.id, wanted)));
    else if (entity === 'course')
      add(entity, await db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, wanted)));
    else if (entity === 'coupon')
      add(entity, await db.select({ id: coupons.id, name: coupons.code }).from(coupons).where(inArray(coupons.id, wanted)));
    else if (entity === 'exam')
      add(entity, await db.select({ id: exams.id, name: exams.title }).from(exams).where(inArray(exams.id, wanted)));
    else if (entity === 'announcement')
      add(
        entity,
        await db.select({ id: announcements.id, name: announcements.title }).from(announcements).where(inArray(announcements.id, wanted)),
      );
    else if (entity === 'admission_request')
      add(
        entity,
        await db
          .select({ id: admissionRequests.id, name: admissionRequests.fullName })
          .from(admissionRequests)
          .where(inArray(admissionRequests.id, wanted)),
      );
    else if (entity === 'enquiry')
      add(entity, await db.select({ id: enquiries.id, name: enquiries.name }).from(enquiries).where(inArray(enquiries.id, wanted)));
    else if (entity === 'payment')
      add(
        entity,
        await db
          .select({ id: payments.id, name: sql<string>`${fullName} || ', ' || ${payments.courseName}` })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.studentId))
          .where(inArray(payments.id, wanted)),
      );
    else if (entity === 'submission')
      add(
        entity,
        await db
          .select({ id: submissions.id, name: sql<string>`${fullName} || ', ' || ${exams.title}` })
          .from(submissions)
          .innerJoin(users, eq(users.id, submissions.studentId))
          .innerJoin(exams, eq(exams.id, submissions.examId))
          .where(inArray(submissions.id, wanted)),
      );
  }
  return names;
}

/** One page of the audit trail, newest first, with everyone who appears in it for the actor filter. */
export async function findAuditEntries(ctx: Ctx, query: Query): Promise<AuditList> {
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [{ total }] = await ctx.db.select({ total: count() }).from(auditLog).where(where);
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

  const names = await entityNames(ctx, rows);

  const actorRows = await ctx.db
    .selectDistinct({ id: auditLog.actorId, label: auditLog.actorLabel })
    .from(auditLog)
    .where(isNotNull(auditLog.actorId));
  const actors = new Map<string, string>();
  for (const a of actorRows) if (a.id && !actors.has(a.id)) actors.set(a.id, a.label);

  return {
    entries: rows.map((r) => ({
      _id: r.id,
      createdAt: r.createdAt.toISOString(),
      actor: { _id: r.actorId, label: r.actorLabel },
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      entityName: (r.entityId && names.get(`${r.entity}:${r.entityId}`)) ?? null,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    page: query.page,
    totalPages,
    total,
    actors: [...actors].map(([_id, label]) => ({ _id, label })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}
