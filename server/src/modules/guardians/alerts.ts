import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { GuardianAlert } from '@app/common/schemas/parents';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox, notificationOutbox, studentGuardians, users } from '../../db/schema.ts';

// The alerts sent to a student's guardians, as staff see them on the student detail page
// (docs/product-parents.md "Staff"): SMS and WhatsApp rows of the parents' accounts, and the mails to the
// parents' addresses, newest first. A parent of two children has one account: an alert is this child's when
// it names the child (every guardian alert does: messaging/guardian-notices.ts); a broadcast is every child's.

const LIMIT = 50;

/** The outbox kinds of the guardian alerts, and the kind staff see. */
const KIND_OF: Record<string, string> = {
  'guardian-absence': 'absence',
  'guardian-results': 'results',
  'guardian-fee-due': 'fees',
  'guardian-fee-overdue': 'fees',
  'guardian-payment': 'payment',
  'guardian-digest': 'digest',
  announcement: 'announcement',
};

/** A mail's kind by its subject (the mail outbox keeps no kind); null for a mail that is no alert (a sign-in code). */
function mailKind(subject: string, child: string): string | null {
  if (!subject.includes(child)) return null;
  if (/ was absent on /.test(subject)) return 'absence';
  if (/'s result in /.test(subject)) return 'results';
  if (/'s fee installment /.test(subject)) return 'fees';
  if (/^Payment received for /.test(subject)) return 'payment';
  if (/: the week of /.test(subject)) return 'digest';
  return null;
}

export async function findGuardianAlerts(db: Db | Tx, studentId: string): Promise<GuardianAlert[]> {
  const [student] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, studentId));
  if (!student) return [];
  const child = `${student.firstName} ${student.lastName}`.trim();
  const parents = await db
    .select({ id: users.id, email: users.email, name: studentGuardians.name })
    .from(studentGuardians)
    .innerJoin(users, eq(users.id, studentGuardians.parentId))
    .where(and(eq(studentGuardians.studentId, studentId), isNotNull(studentGuardians.parentId)));
  if (parents.length === 0) return [];
  const nameById = new Map(parents.map((p) => [p.id, p.name]));
  const emails = parents.filter((p) => p.email).map((p) => p.email as string);
  const nameByEmail = new Map(parents.filter((p) => p.email).map((p) => [p.email as string, p.name]));

  const [texts, mails] = await Promise.all([
    db
      .select()
      .from(notificationOutbox)
      .where(and(inArray(notificationOutbox.userId, [...nameById.keys()]), inArray(notificationOutbox.kind, Object.keys(KIND_OF))))
      .orderBy(desc(notificationOutbox.createdAt))
      .limit(LIMIT * 2),
    emails.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: mailOutbox.id,
            to: mailOutbox.to,
            subject: mailOutbox.subject,
            text: mailOutbox.text,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(inArray(mailOutbox.to, emails))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(LIMIT * 2),
  ]);
  const out: (GuardianAlert & { at: number })[] = [];
  for (const m of texts) {
    if (m.kind !== 'announcement' && !m.text.includes(child)) continue;
    out.push({
      _id: m.id,
      guardian: nameById.get(m.userId ?? '') ?? '',
      kind: KIND_OF[m.kind],
      channel: m.channel,
      to: m.to,
      text: m.text,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
      at: m.createdAt.getTime(),
    });
  }
  for (const m of mails) {
    const kind = mailKind(m.subject, child);
    if (!kind) continue;
    out.push({
      _id: m.id,
      guardian: nameByEmail.get(m.to) ?? '',
      kind,
      channel: 'email',
      to: m.to,
      text: m.subject,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
      at: m.createdAt.getTime(),
    });
  }
  return out
    .sort((a, b) => b.at - a.at)
    .slice(0, LIMIT)
    .map(({ at: _at, ...a }) => a);
}
