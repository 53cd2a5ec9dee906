import { INSTITUTE_NAME } from '@app/common/constants';
import { formatDay, indiaDayOf } from '@app/common/rules/dates';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { ENQUIRY_STAGE_LABELS } from '@app/common/schemas/enquiries';
import type { Ctx } from '../../context.ts';
import { centres, enquiries, notificationSends, users } from '../../db/schema.ts';
import type { StoredMail } from '../messaging/mail.ts';
import { openEnquirySql } from './dto.ts';
import { accountEmail } from '../../lib/account-email.ts';

// The morning digest (docs/product-admissions-desk.md, "Follow-ups"): each owner with follow-ups due today
// or overdue gets one e-mail listing them. The day's key per owner (notification_sends, as the reminders
// use it) is taken in the same transaction as the stored mail: a second run, a restart or a second
// instance finds it taken and sends nothing. The scheduler runs it from 08:00 in India
// (notifications/jobs.ts).

export const DIGEST_KIND = 'enquiry-follow-ups';

type DueRow = {
  id: string;
  name: string;
  phone: string;
  stage: keyof typeof ENQUIRY_STAGE_LABELS;
  nextFollowUp: string;
  centre: string | null;
};

function digestMail(p: { name: string; today: string; due: DueRow[]; url: string }) {
  const overdue = p.due.filter((d) => d.nextFollowUp < p.today);
  const today = p.due.filter((d) => d.nextFollowUp === p.today);
  const line = (d: DueRow) =>
    `- ${d.name}, ${d.phone} (${ENQUIRY_STAGE_LABELS[d.stage]}${d.centre ? `, ${d.centre}` : ''})${d.nextFollowUp < p.today ? `: due ${formatDay(d.nextFollowUp)}` : ''}: ${p.url}/${d.id}`;
  const lines = [
    `Dear ${p.name},`,
    '',
    `Your follow-ups for ${formatDay(p.today)}: ${today.length} due today, ${overdue.length} overdue.`,
    ...(overdue.length ? ['', 'Overdue:', ...overdue.map(line)] : []),
    ...(today.length ? ['', 'Due today:', ...today.map(line)] : []),
    '',
    `The desk: ${p.url}`,
    '',
    INSTITUTE_NAME,
  ];
  const subject = `Follow-ups for ${formatDay(p.today)}: ${p.due.length} enquir${p.due.length === 1 ? 'y' : 'ies'}`;
  return { subject, text: lines.join('\n') };
}

/** The job: one e-mail per owner with open enquiries due on or before today (India), once a day. */
export async function runEnquiryFollowUps(ctx: Ctx, now: Date) {
  const today = indiaDayOf(now);
  const due = await ctx.db
    .select({
      id: enquiries.id,
      name: enquiries.name,
      phone: enquiries.phone,
      stage: enquiries.stage,
      nextFollowUp: enquiries.nextFollowUp,
      ownerId: enquiries.ownerId,
      centre: centres.name,
    })
    .from(enquiries)
    .leftJoin(centres, eq(centres.id, enquiries.centreId))
    .where(and(openEnquirySql, isNotNull(enquiries.ownerId), lte(enquiries.nextFollowUp, today)))
    .orderBy(enquiries.nextFollowUp, enquiries.createdAt);
  const byOwner = new Map<string, DueRow[]>();
  for (const d of due) {
    if (!d.ownerId || !d.nextFollowUp) continue;
    byOwner.set(d.ownerId, [...(byOwner.get(d.ownerId) ?? []), { ...d, nextFollowUp: d.nextFollowUp }]);
  }
  const owners =
    byOwner.size > 0
      ? await ctx.db
          .select({ id: users.id, firstName: users.firstName, email: users.email })
          .from(users)
          .where(and(inArray(users.id, [...byOwner.keys()]), eq(users.isActive, true)))
      : [];
  const url = `${ctx.config.publicUrl}/admin/enquiries`;
  const stored: StoredMail[] = [];
  for (const owner of owners) {
    const list = byOwner.get(owner.id) ?? [];
    const mail = await ctx.db.transaction(async (tx) => {
      const taken = await tx
        .insert(notificationSends)
        .values({ kind: DIGEST_KIND, subjectId: owner.id, stage: today, recipients: 1 })
        .onConflictDoNothing()
        .returning({ kind: notificationSends.kind });
      if (taken.length === 0) return null;
      const message = { to: accountEmail(owner), ...digestMail({ name: owner.firstName, today, due: list, url }) };
      return { id: await ctx.mailer.storeIn(tx, message), message };
    });
    if (mail) stored.push(mail);
  }
  // Delivered once committed; a failure stays in the outbox and is retried there.
  for (const m of stored) await ctx.mailer.sendStored(m.id, m.message).catch(() => false);
  return { job: DIGEST_KIND, now: now.toISOString(), reminders: stored.length, messages: stored.length };
}
