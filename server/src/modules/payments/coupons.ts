import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { couponDiscountPaise, normalizeCouponCode } from '@app/common/rules/coupons';
import { toPaise, toRupees } from '@app/common/rules/money';
import { COUPON_MSG, type Coupon, type couponBody, type couponPatchBody } from '@app/common/schemas/coupons';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { coupons, courses, payments } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';

// Coupons managed by admins (docs/product.md, "Coupons"). A use counts when its payment completes; while
// a payment with the code is pending (at most a day: the reconciler cancels an unpaid order) it holds
// its use, so limits hold when students pay at the same moment.

type CouponRow = typeof coupons.$inferSelect;

/** Completed payments per code: the `uses` an admin sees. */
async function usesOf(db: Db | Tx, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: payments.couponCode, n: count() })
    .from(payments)
    .where(and(inArray(payments.couponCode, codes), eq(payments.status, 'completed')))
    .groupBy(payments.couponCode);
  return new Map(rows.map((r) => [r.code ?? '', r.n]));
}

function toDto(c: CouponRow, uses: number): Coupon {
  return {
    _id: c.id,
    code: c.code,
    percent: c.percent,
    amount: c.amountPaise === null ? null : toRupees(c.amountPaise),
    courses: c.courseIds,
    validFrom: c.validFrom?.toISOString() ?? null,
    validTo: c.validTo?.toISOString() ?? null,
    maxUses: c.maxUses,
    maxUsesPerStudent: c.maxUsesPerStudent,
    uses,
    isActive: c.isActive,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function findCoupons(ctx: Ctx): Promise<Coupon[]> {
  const rows = await ctx.db.select().from(coupons).orderBy(asc(coupons.code));
  const uses = await usesOf(
    ctx.db,
    rows.map((r) => r.code),
  );
  return rows.map((r) => toDto(r, uses.get(r.code) ?? 0));
}

async function findOne(db: Db | Tx, id: string): Promise<Coupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound(COUPON_MSG.notFound);
  return toDto(row, (await usesOf(db, [row.code])).get(row.code) ?? 0);
}

async function checkCourses(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
  if (found.length !== new Set(ids).size) throw badRequest(COUPON_MSG.courseNotFound, { courses: COUPON_MSG.courseNotFound });
}

const codeTaken = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict(COUPON_MSG.codeTaken);
  throw err;
};

export async function createCoupon(ctx: Ctx, actor: Actor, body: z.output<typeof couponBody>): Promise<Coupon> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const courseIds = [...new Set(body.courses ?? [])];
      await checkCourses(tx, courseIds);
      const [row] = await tx
        .insert(coupons)
        .values({
          code: body.code,
          percent: body.percent ?? null,
          amountPaise: body.amount == null ? null : toPaise(body.amount),
          courseIds,
          validFrom: body.validFrom ?? null,
          validTo: body.validTo ?? null,
          maxUses: body.maxUses ?? null,
          maxUsesPerStudent: body.maxUsesPerStudent ?? null,
          isActive: body.isActive ?? true,
        })
        .returning();
      const dto = toDto(row, 0);
      await recordAudit(tx, actor, 'coupon.create', 'coupon', row.id, null, dto);
      return dto;
    });
  } catch (err) {
    return codeTaken(err);
  }
}

export async function updateCoupon(ctx: Ctx, actor: Actor, id: string, body: z.output<typeof couponPatchBody>): Promise<Coupon> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!row) throw notFound(COUPON_MSG.notFound);
      const before = await findOne(tx, id);
      // Giving one kind of discount drops the other; the result must still have exactly one.
      const percent = body.amount != null ? null : body.percent !== undefined ? body.percent : row.percent;
      const amountPaise =
        body.percent != null ? null : body.amount !== undefined ? (body.amount === null ? null : toPaise(body.amount)) : row.amountPaise;
      if (percent === null && amountPaise === null)
        throw badRequest(COUPON_MSG.percentOrAmountRequired, { percent: COUPON_MSG.percentOrAmountRequired });
      const validFrom = body.validFrom !== undefined ? body.validFrom : row.validFrom;
      const validTo = body.validTo !== undefined ? body.validTo : row.validTo;
      if (validFrom && validTo && validTo <= validFrom) throw badRequest(COUPON_MSG.toBeforeFrom, { validTo: COUPON_MSG.toBeforeFrom });
      const courseIds = body.courses ? [...new Set(body.courses)] : row.courseIds;
      if (body.courses) await checkCourses(tx, courseIds);
      await tx
        .update(coupons)
        .set({
          code: body.code ?? row.code,
          percent,
          amountPaise,
          courseIds,
          validFrom,
          validTo,
          maxUses: body.maxUses !== undefined ? body.maxUses : row.maxUses,
          maxUsesPerStudent: body.maxUsesPerStudent !== undefined ? body.maxUsesPerStudent : row.maxUsesPerStudent,
          isActive: body.isActive ?? row.isActive,
          updatedAt: new Date(),
        })
        .where(eq(coupons.id, id));
      const after = await findOne(tx, id);
      await recordAudit(tx, actor, 'coupon.update', 'coupon', id, before, after);
      return after;
    });
  } catch (err) {
    return codeTaken(err);
  }
}

/** A coupon any payment carries cannot be deleted (its history would lose its meaning): deactivate it. */
export async function deleteCoupon(ctx: Ctx, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!row) throw notFound(COUPON_MSG.notFound);
    const [{ n }] = await tx.select({ n: count() }).from(payments).where(eq(payments.couponCode, row.code));
    if (n > 0) throw conflict(COUPON_MSG.hasUses(n));
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, actor, 'coupon.delete', 'coupon', id, toDto(row, 0), null);
    return { message: COUPON_MSG.deleted };
  });
}

export type CouponPrice = {
  valid: boolean;
  code: string;
  percent: number;
  amount: number | null;
  discountPaise: number;
  totalPaise: number;
};

/** The coupon's discount on a fee, or not valid: no discount, the total is the fee. */
function priced(row: CouponRow | undefined, code: string, pricePaise: number): CouponPrice {
  const invalid = { valid: false, code, percent: 0, amount: null, discountPaise: 0, totalPaise: pricePaise };
  if (!row) return invalid;
  const discountPaise = couponDiscountPaise(pricePaise, row);
  // A discount that leaves nothing to pay is no coupon for this fee (an order must be for some money).
  if (pricePaise - discountPaise <= 0) return invalid;
  const percent = row.percent ?? Math.round((discountPaise * 100) / pricePaise);
  return {
    valid: true,
    code,
    percent,
    amount: row.amountPaise === null ? null : toRupees(row.amountPaise),
    discountPaise,
    totalPaise: pricePaise - discountPaise,
  };
}

/**
 * What a code is worth to this student on this course now: unknown, inactive, outside its dates, not for
 * the course, or out of uses (pending payments hold theirs) is not valid. Inside a transaction with
 * `lock`, the coupon row is locked so that two orders cannot both take its last use.
 */
export async function priceCoupon(
  db: Db | Tx,
  input: { code: string; courseId: string; studentId: string; pricePaise: number; lock?: boolean },
): Promise<CouponPrice> {
  const code = normalizeCouponCode(input.code);
  const query = db.select().from(coupons).where(eq(coupons.code, code));
  const [row] = input.lock ? await query.for('update') : await query;
  const now = new Date();
  const usable =
    row?.isActive &&
    (!row.validFrom || row.validFrom <= now) &&
    (!row.validTo || row.validTo > now) &&
    (row.courseIds.length === 0 || row.courseIds.includes(input.courseId));
  if (!row || !usable) return priced(undefined, code, input.pricePaise);
  if (row.maxUses !== null || row.maxUsesPerStudent !== null) {
    // The student's own pending order for this course is the same purchase being retried (an abandoned
    // checkout): it does not hold a use against them, or trying again would be refused for a day.
    const holding = sql`(${payments.status} = 'completed' or (${payments.status} = 'pending' and not (${payments.studentId} = ${input.studentId} and ${payments.courseId} = ${input.courseId})))`;
    const [{ all, mine }] = await db
      .select({
        all: count(),
        mine: sql<number>`count(*) filter (where ${payments.studentId} = ${input.studentId})::int`,
      })
      .from(payments)
      .where(and(eq(payments.couponCode, code), holding));
    if (row.maxUses !== null && all >= row.maxUses) return priced(undefined, code, input.pricePaise);
    if (row.maxUsesPerStudent !== null && mine >= row.maxUsesPerStudent) return priced(undefined, code, input.pricePaise);
  }
  return priced(row, code, input.pricePaise);
}
