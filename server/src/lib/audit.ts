import type { Actor } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** Records an admin action on money, marks, accounts or admissions: who, what, when, before and after. */
export async function recordAudit(
  db: Db | Tx,
  actor: Actor | null,
  action: string,
  entity: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
) {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorLabel: actor ? `${actor.firstName} ${actor.lastName} <${actor.email}>` : 'system',
    action,
    entity,
    entityId,
    before: before ?? null,
    after: after ?? null,
  });
}

/** Several entries of one action by one actor in one statement (a regrade's changed submissions). */
export async function recordAuditMany(
  db: Db | Tx,
  actor: Actor | null,
  action: string,
  entity: string,
  entries: { entityId: string | null; before: unknown; after: unknown }[],
) {
  if (entries.length === 0) return;
  const actorLabel = actor ? `${actor.firstName} ${actor.lastName} <${actor.email}>` : 'system';
  await db.insert(auditLog).values(
    entries.map((e) => ({
      actorId: actor?.id ?? null,
      actorLabel,
      action,
      entity,
      entityId: e.entityId,
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  );
}
