import { inArray } from 'drizzle-orm';
import type { ParentAlertKind } from '@app/common/schemas/parents';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { findGuardianParents } from './store.ts';
import type { Notice } from '../messaging/notices.ts';
import { findRecipients, type Notified, type Recipient } from '../messaging/service.ts';
import { findParentChannels } from './preferences-store.ts';

// Who of a student's guardians an alert reaches, and by which channels (docs/product-parents.md "Alerts"):
// each guardian's parent account (active), on the channels that parent chose for the alert's kind. Read by
// every guardian alert: the jobs, the result, the fee reminders and the payment's receipt.

export type Child = { id: string; name: string };

/** The names of these students, by id ("Asha Roy"). */
export async function findChildren(db: Db | Tx, ids: string[]): Promise<Map<string, Child>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }]));
}

/**
 * One item per (child, parent) of these students: the parent as a recipient with their channels for
 * `kind`, and the notice `noticeOf` writes for them (null: nothing for this one).
 */
export async function guardianItems(
  db: Db | Tx,
  studentIds: string[],
  kind: ParentAlertKind,
  noticeOf: (p: { child: Child; parent: Recipient; parentName: string }) => Notice | null,
): Promise<Notified[]> {
  const links = await findGuardianParents(db, studentIds);
  if (links.length === 0) return [];
  const parentIds = links.map((l) => l.parentId);
  // One after another: `db` is often a transaction, whose one connection takes one query at a time.
  const recipients = await findRecipients(db, parentIds);
  const channels = await findParentChannels(db, parentIds);
  const children = await findChildren(db, studentIds);
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const out: Notified[] = [];
  for (const l of links) {
    const parent = byId.get(l.parentId);
    const child = children.get(l.studentId);
    const key = `${l.studentId}:${l.parentId}`;
    if (!parent || !child || seen.has(key)) continue;
    seen.add(key);
    const notice = noticeOf({ child, parent, parentName: `${parent.firstName} ${parent.lastName}`.trim() });
    if (notice) out.push({ recipient: parent, notice, channels: channels.get(parent.id)?.[kind] ?? [] });
  }
  return out;
}

/** The students (active) among these who have at least one guardian with an active parent account. */
export async function withGuardians(db: Db | Tx, studentIds: string[]): Promise<Set<string>> {
  const links = await findGuardianParents(db, studentIds);
  const active = links.length
    ? await db
        .select({ id: users.id, isActive: users.isActive })
        .from(users)
        .where(inArray(users.id, [...new Set(links.map((l) => l.studentId))]))
    : [];
  return new Set(active.filter((a) => a.isActive).map((a) => a.id));
}
