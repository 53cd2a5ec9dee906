import { indiaDayOf } from '@app/common/rules/dates';
import { and, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVITY_KIND_LABELS,
  type activityBody,
  type createEnquiryBody,
  ENQUIRY_MSG,
  type EnquiryDetail,
  type EnquiryListAnswer,
  type EnquiryListQuery,
  type EnquiryOwner,
  type EnquiryStage,
  LOST_REASON_LABELS,
  type updateEnquiryBody,
} from '@app/common/schemas/enquiries';
import { indianPhoneDigits } from '@app/common/schemas/fields';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { courses, enquiries, enquiryActivities, staffCentres, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { likeContains } from '../../lib/escape.ts';
import { assertEnquiry, enquiryFilter, mayUseCentre, type Scope } from '../../lib/record-scope.ts';
import { findEnquiryDetail, isOpenStage, openEnquirySql, toEnquiryDtos } from './dto.ts';
import { auditShape, takeEnquiry } from './intake.ts';
import { funnelIndex, moveTo, stageOutcome } from './stages.ts';

// The desk's work on enquiries (docs/product-admissions-desk.md): recording one at the counter, the
// lists and follow-ups, changes and the activity log. Every question of whose enquiry it is goes to the
// record-scope layer (enquiryFilter, assertEnquiry).

type CreateBody = z.output<typeof createEnquiryBody>;
type UpdateBody = z.output<typeof updateEnquiryBody>;
type ActivityInput = z.output<typeof activityBody>;

/**
 * The condition on `users` "may own an enquiry of this centre": an active full admin, or an active centre
 * manager or counsellor of that centre (the one who will call them must be able to open it).
 */
const mayOwn = (centreId: string | null): SQL =>
  and(
    eq(users.isActive, true),
    centreId
      ? or(
          eq(users.role, 'admin'),
          and(
            inArray(users.role, ['centre_manager', 'counsellor']),
            sql`exists (select 1 from ${staffCentres} where ${staffCentres.userId} = ${users.id} and ${staffCentres.centreId} = ${centreId})`,
          ),
        )
      : eq(users.role, 'admin'),
  ) as SQL;

async function isValidOwner(db: Db | Tx, ownerId: string, centreId: string | null): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), mayOwn(centreId)))
    .limit(1);
  return user !== undefined;
}

/** GET /api/enquiries/owners: who may own an enquiry of a centre the caller works for, by name. */
export async function findOwners(ctx: Ctx, scope: Scope, centreId: string): Promise<EnquiryOwner[]> {
  if (!mayUseCentre(scope, centreId)) throw forbidden(ENQUIRY_MSG.centreOutOfScope);
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(mayOwn(centreId))
    .orderBy(users.firstName, users.lastName);
  return rows.map((r) => ({ _id: r.id, name: `${r.firstName} ${r.lastName}`, role: r.role as EnquiryOwner['role'] }));
}

async function assertOwner(db: Db | Tx, ownerId: string | null | undefined, centreId: string | null) {
  if (!ownerId) return;
  if (!(await isValidOwner(db, ownerId, centreId)))
    throw badRequest(ENQUIRY_MSG.ownerNotCounsellor, { owner: ENQUIRY_MSG.ownerNotCounsellor });
}

export async function assertCourse(db: Db | Tx, courseId: string | undefined) {
  if (!courseId) return;
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw badRequest(ENQUIRY_MSG.courseNotFound, { course: ENQUIRY_MSG.courseNotFound });
}

/** POST /api/enquiries: an enquiry typed at the desk, for one of the actor's centres. */
export async function createDeskEnquiry(ctx: Ctx, actor: Actor, scope: Scope, body: CreateBody) {
  if (!mayUseCentre(scope, body.centre)) throw forbidden(ENQUIRY_MSG.centreOutOfScope);
  await assertCourse(ctx.db, body.course);
  await assertOwner(ctx.db, body.owner, body.centre);
  const now = new Date();
  // Merged only into an enquiry the actor can open: one at another centre stays that centre's, and the
  // desk here gets its own (docs/product-admissions-desk.md, "Merging").
  const { row, merged } = await ctx.db.transaction((tx) =>
    takeEnquiry(
      tx,
      {
        name: body.name,
        phone: body.phone,
        email: body.email,
        classYear: body.classYear,
        courseId: body.course,
        centreId: body.centre,
        source: body.source,
        notes: body.notes,
        ownerId: body.owner ?? actor.id,
        nextFollowUp: body.nextFollowUp,
      },
      actor,
      now,
      enquiryFilter(scope),
    ),
  );
  return { _id: row.id, merged, message: merged ? ENQUIRY_MSG.merged : ENQUIRY_MSG.created };
}

/** GET /api/enquiries: the scope's enquiries, filtered, newest first. */
export async function findEnquiries(
  ctx: Ctx,
  actor: Actor,
  scope: Scope,
  query: EnquiryListQuery,
  now = new Date(),
): Promise<EnquiryListAnswer> {
  const today = indiaDayOf(now);
  const conds: (SQL | undefined)[] = [enquiryFilter(scope)];
  if (query.stage) conds.push(eq(enquiries.stage, query.stage));
  if (query.source) conds.push(eq(enquiries.source, query.source));
  if (query.centre) conds.push(eq(enquiries.centreId, query.centre));
  if (query.owner) conds.push(eq(enquiries.ownerId, query.owner === 'me' ? actor.id : query.owner));
  if (query.due === 'today') conds.push(eq(enquiries.nextFollowUp, today));
  if (query.due === 'overdue') conds.push(lt(enquiries.nextFollowUp, today), openEnquirySql);
  if (query.q) {
    const p = likeContains(query.q);
    // A phone typed with spaces, dashes or +91 still finds the number: its digits are matched too.
    const digits = /^[\d\s+\-().]+$/.test(query.q) ? (indianPhoneDigits(query.q) ?? query.q.replace(/\D/g, '')) : '';
    const byDigits = digits.length >= 3 ? sql` or ${enquiries.phoneDigits} like ${likeContains(digits)}` : sql``;
    conds.push(sql`(${enquiries.name} ilike ${p} or ${enquiries.phone} ilike ${p} or ${enquiries.email} ilike ${p}${byDigits})`);
  }
  const where = and(...conds);
  const [{ total }] = await ctx.db.select({ total: count() }).from(enquiries).where(where);
  const rows = await ctx.db
    .select()
    .from(enquiries)
    .where(where)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(query.limit)
    // A page far past the end is empty, not an offset the database refuses (bigint).
    .offset(Math.min((query.page - 1) * query.limit, Number.MAX_SAFE_INTEGER));
  return {
    enquiries: await toEnquiryDtos(ctx.db, rows, now),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** GET /api/enquiries/{id}: outside the scope or unknown, 404. */
export async function findEnquiry(ctx: Ctx, scope: Scope, id: string): Promise<EnquiryDetail> {
  await assertEnquiry(ctx.db, scope, id);
  const detail = await findEnquiryDetail(ctx.db, id);
  if (!detail) throw notFound(ENQUIRY_MSG.notFound);
  return detail;
}

async function lockEnquiry(tx: Tx, id: string) {
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
  if (!row) throw notFound(ENQUIRY_MSG.notFound);
  return row;
}

/** PATCH /api/enquiries/{id}: stage, owner, follow-up, notes, class or year; audited, and a stage change is logged. */
export async function updateEnquiry(ctx: Ctx, actor: Actor, scope: Scope, id: string, body: UpdateBody): Promise<EnquiryDetail> {
  await assertEnquiry(ctx.db, scope, id);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const before = await lockEnquiry(tx, id);
    const set: Partial<typeof enquiries.$inferInsert> = {};
    if (body.owner !== undefined && body.owner !== before.ownerId) {
      await assertOwner(tx, body.owner, before.centreId);
      set.ownerId = body.owner;
    }
    if (body.notes !== undefined && body.notes !== before.notes) set.notes = body.notes;
    if (body.classYear !== undefined && (body.classYear || null) !== before.classYear) set.classYear = body.classYear || null;
    const stage = body.stage ?? before.stage;
    const stageChanged = stage !== before.stage;
    if (stageChanged) Object.assign(set, moveTo(before, stage, now, body.lostReason));
    else if (stage === 'lost' && body.lostReason && body.lostReason !== before.lostReason) set.lostReason = body.lostReason;
    // A follow-up given with the change is kept, even on the change that ends the enquiry.
    if (body.nextFollowUp !== undefined) set.nextFollowUp = body.nextFollowUp;
    if ('nextFollowUp' in set && set.nextFollowUp === before.nextFollowUp) delete set.nextFollowUp;
    if (Object.keys(set).length === 0) return;
    const [after] = await tx
      .update(enquiries)
      .set({ ...set, lastActivityAt: now, updatedAt: now })
      .where(eq(enquiries.id, id))
      .returning();
    if (stageChanged) {
      await tx.insert(enquiryActivities).values({
        enquiryId: id,
        kind: 'stage',
        outcome: stageOutcome(before.stage, stage, stage === 'lost' && after.lostReason ? LOST_REASON_LABELS[after.lostReason] : undefined),
        nextFollowUp: after.nextFollowUp,
        actorId: actor.id,
        createdAt: now,
      });
    }
    await recordAudit(tx, actor, 'enquiry.update', 'enquiry', id, auditShape(before), auditShape(after));
  });
  return findEnquiry(ctx, scope, id);
}

/**
 * The stage an activity moves an enquiry to: a call or a message to a new enquiry has contacted it; a
 * visit means they came to the centre, whatever came before it short of an application.
 */
function stageAfter(kind: ActivityInput['kind'], stage: EnquiryStage): EnquiryStage | null {
  if (kind === 'visit' && isOpenStage(stage) && funnelIndex(stage) < funnelIndex('visited')) return 'visited';
  if ((kind === 'call' || kind === 'whatsapp') && stage === 'new') return 'contacted';
  return null;
}

/** POST /api/enquiries/{id}/activities: logged, the next follow-up set when given, and the stage moved by it. */
export async function logActivity(ctx: Ctx, actor: Actor, scope: Scope, id: string, body: ActivityInput): Promise<EnquiryDetail> {
  await assertEnquiry(ctx.db, scope, id);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const before = await lockEnquiry(tx, id);
    const next = stageAfter(body.kind, before.stage);
    const set: Partial<typeof enquiries.$inferInsert> = { lastActivityAt: now, updatedAt: now };
    if (next) Object.assign(set, moveTo(before, next, now));
    if (body.nextFollowUp) set.nextFollowUp = body.nextFollowUp;
    const [after] = await tx.update(enquiries).set(set).where(eq(enquiries.id, id)).returning();
    await tx.insert(enquiryActivities).values({
      enquiryId: id,
      kind: body.kind,
      outcome: body.outcome,
      nextFollowUp: body.nextFollowUp ?? null,
      actorId: actor.id,
      createdAt: now,
    });
    if (next) {
      // A millisecond later: the stage follows from the activity, so it reads above it (newest first).
      await tx.insert(enquiryActivities).values({
        enquiryId: id,
        kind: 'stage',
        outcome: stageOutcome(before.stage, next, `after a ${ACTIVITY_KIND_LABELS[body.kind].toLowerCase()}`),
        actorId: actor.id,
        createdAt: new Date(now.getTime() + 1),
      });
    }
    await recordAudit(tx, actor, 'enquiry.activity', 'enquiry', id, auditShape(before), { ...auditShape(after), activity: body });
  });
  return findEnquiry(ctx, scope, id);
}
