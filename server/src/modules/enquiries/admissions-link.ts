import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { enquiries, enquiryActivities } from '../../db/schema.ts';
import { indianPhoneDigits } from '@app/common/schemas/fields';
import { openEnquirySql } from './dto.ts';
import { funnelIndex, moveTo, stageOutcome } from './stages.ts';

// Where the desk meets the admissions (docs/product-admissions-desk.md, "Admissions"): an admission request
// whose phone or e-mail matches an open enquiry moves it to applied and links the request; the request's
// approval moves it to admitted and links the student. A request with no matching enquiry makes none: the
// desk records the people it talks to, and an applicant it never heard of is already an admission.

/** A new admission request: the newest open enquiry of its phone or e-mail becomes applied. */
export async function markEnquiryApplied(db: Db, request: { id: string; phone: string; email: string }, now = new Date()) {
  const digits = indianPhoneDigits(request.phone);
  const same = or(digits ? eq(enquiries.phoneDigits, digits) : sql`false`, sql`lower(${enquiries.email}) = ${request.email.toLowerCase()}`);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(enquiries)
      .where(and(openEnquirySql, same))
      .orderBy(desc(enquiries.createdAt))
      .limit(1)
      .for('update');
    if (!row) return;
    // An enquiry already past applied (none is, short of admitted) keeps its stage; the link is made anyway.
    const advance = funnelIndex(row.stage) < funnelIndex('applied');
    await tx
      .update(enquiries)
      .set({ ...(advance ? moveTo(row, 'applied', now) : {}), admissionRequestId: request.id, lastActivityAt: now, updatedAt: now })
      .where(eq(enquiries.id, row.id));
    await tx.insert(enquiryActivities).values({
      enquiryId: row.id,
      kind: 'stage',
      outcome: advance ? stageOutcome(row.stage, 'applied', 'an admission request was sent') : 'An admission request was sent',
      createdAt: now,
    });
  });
}

/** The approval of a request (in its transaction): the enquiry it came from becomes admitted. */
export async function markEnquiryAdmitted(tx: Tx, actor: Actor, requestId: string, studentId: string, now: Date) {
  const rows = await tx.select().from(enquiries).where(eq(enquiries.admissionRequestId, requestId)).for('update');
  for (const row of rows) {
    if (row.stage === 'admitted') continue;
    await tx
      .update(enquiries)
      .set({ ...moveTo(row, 'admitted', now), studentId, lastActivityAt: now, updatedAt: now })
      .where(eq(enquiries.id, row.id));
    await tx.insert(enquiryActivities).values({
      enquiryId: row.id,
      kind: 'stage',
      outcome: stageOutcome(row.stage, 'admitted', 'the admission was approved'),
      actorId: actor.id,
      createdAt: now,
    });
  }
}
