import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { AuditList, auditListQuery } from '@app/common/schemas/audit';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { auditLog } from '../../db/schema.ts';

type Query = z.output<typeof auditListQuery>;

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
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    page: query.page,
    totalPages,
    total,
    actors: [...actors].map(([_id, label]) => ({ _id, label })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}
