import { indiaDayOf } from '@app/common/rules/dates';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { ENQUIRY_SOURCE_LABELS, type EnquirySource } from '@app/common/schemas/enquiries';
import { indianPhoneDigits } from '@app/common/schemas/fields';
import type { Actor } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { enquiries, enquiryActivities } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type EnquiryRow, openEnquirySql } from './dto.ts';

// A new enquiry, or the one this person already has (docs/product-admissions-desk.md, "Merging"): the same
// phone (its 10 digits, whatever the format) or the same e-mail (any case) as an open enquiry adds to
// that enquiry instead of making a second row. An admitted or lost enquiry is history: a new one starts.

export type Intake = {
  name: string;
  phone: string;
  email?: string | null;
  classYear?: string | null;
  courseId?: string | null;
  centreId?: string | null;
  source: EnquirySource;
  /** The visitor's own words (the contact page). */
  message?: string;
  /** The desk's notes. */
  notes?: string | null;
  ownerId?: string | null;
  nextFollowUp?: string | null;
};

/** The open enquiry of this phone or e-mail, newest first; `within` narrows it (a desk's scope). */
async function findOpenMatch(tx: Tx, digits: string | null, email: string | null | undefined, within?: SQL) {
  const same = [
    digits ? eq(enquiries.phoneDigits, digits) : undefined,
    email ? sql`lower(${enquiries.email}) = ${email.toLowerCase()}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (same.length === 0) return null;
  const [row] = await tx
    .select()
    .from(enquiries)
    .where(and(openEnquirySql, or(...same), within))
    .orderBy(desc(enquiries.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The notes with a dated line added for what came in now. */
function appendNote(notes: string, day: string, source: EnquirySource, text: string) {
  const line = `${day} (${ENQUIRY_SOURCE_LABELS[source]}): ${text}`;
  return notes.trim() === '' ? line : `${notes}\n\n${line}`;
}

/**
 * Stores the enquiry: merged into an open one of the same person (inside `within`), else a new row. The
 * actor is null for a visitor; staff's writes are audited.
 */
export async function takeEnquiry(
  tx: Tx,
  input: Intake,
  actor: Actor | null,
  now: Date,
  within?: SQL,
): Promise<{ row: EnquiryRow; merged: boolean }> {
  const digits = indianPhoneDigits(input.phone);
  const email = input.email?.trim() || null;
  const match = await findOpenMatch(tx, digits, email, within);
  const said = [input.message?.trim(), input.notes?.trim()].filter((t): t is string => !!t);
  if (match) {
    const notes = said.reduce((acc, text) => appendNote(acc, indiaDayOf(now), input.source, text), match.notes);
    // The newer details fill what the enquiry lacked; what it had stays as the desk recorded it.
    const [row] = await tx
      .update(enquiries)
      .set({
        email: match.email ?? email,
        classYear: match.classYear ?? input.classYear ?? null,
        courseId: match.courseId ?? input.courseId ?? null,
        centreId: match.centreId ?? input.centreId ?? null,
        ownerId: match.ownerId ?? input.ownerId ?? null,
        nextFollowUp: match.nextFollowUp ?? input.nextFollowUp ?? null,
        phoneDigits: match.phoneDigits ?? digits,
        notes,
        lastActivityAt: now,
        updatedAt: now,
      })
      .where(eq(enquiries.id, match.id))
      .returning();
    await tx.insert(enquiryActivities).values({
      enquiryId: match.id,
      kind: 'merged',
      outcome: `Enquired again (${ENQUIRY_SOURCE_LABELS[input.source]}) as ${input.name}, ${input.phone}${email ? `, ${email}` : ''}${said.length ? `: ${said.join(' / ')}` : ''}`,
      actorId: actor?.id ?? null,
      createdAt: now,
    });
    if (actor) await recordAudit(tx, actor, 'enquiry.merge', 'enquiry', match.id, auditShape(match), auditShape(row));
    return { row, merged: true };
  }
  const [row] = await tx
    .insert(enquiries)
    .values({
      name: input.name,
      phone: input.phone,
      phoneDigits: digits,
      email,
      classYear: input.classYear ?? null,
      courseId: input.courseId ?? null,
      centreId: input.centreId ?? null,
      message: input.message ?? '',
      notes: input.notes ?? '',
      source: input.source,
      ownerId: input.ownerId ?? null,
      nextFollowUp: input.nextFollowUp ?? null,
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(enquiryActivities).values({
    enquiryId: row.id,
    kind: 'created',
    outcome: `Enquiry recorded (${ENQUIRY_SOURCE_LABELS[input.source]})`,
    nextFollowUp: row.nextFollowUp,
    actorId: actor?.id ?? null,
    createdAt: now,
  });
  if (actor) await recordAudit(tx, actor, 'enquiry.create', 'enquiry', row.id, null, auditShape(row));
  return { row, merged: false };
}

/** What the audit trail keeps of an enquiry: the fields the desk changes. */
export const auditShape = (r: EnquiryRow) => ({
  name: r.name,
  phone: r.phone,
  email: r.email,
  classYear: r.classYear,
  courseId: r.courseId,
  centreId: r.centreId,
  source: r.source,
  stage: r.stage,
  lostReason: r.lostReason,
  ownerId: r.ownerId,
  nextFollowUp: r.nextFollowUp,
  notes: r.notes,
});
