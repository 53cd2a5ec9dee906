import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PAYMENT_MSG } from '@app/common/schemas/payments';
import type { Actor, Ctx } from '../../context.ts';
import { admissionRequests, payments, users } from '../../db/schema.ts';
import type { CentreScope } from '../../lib/centre-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { COUNTER_MSG } from '@app/common/schemas/collections';

// A centre manager's payments are those of their centres (docs/product-staff.md). A payment's centre is
// the counter's centre for money taken there, else the centre of the admission it pays for (as the
// collection report places it), else the student's own centre.

export const paymentCentreSql = sql<
  string | null
>`coalesce(${payments.centreId}, (select ${admissionRequests.centreId} from ${admissionRequests} where ${admissionRequests.id} = ${payments.admissionId}), (select ${users.centreId} from ${users} where ${users.id} = ${payments.studentId}))`;

/** The condition "this payment is of the scope's centres" (undefined: every payment). */
export function paymentsIn(scope: CentreScope): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`${paymentCentreSql} in (${sql.join(
    scope.map((c) => sql`${c}`),
    sql`, `,
  )})`;
}

/** A payment of another centre is "not found" to a centre manager. */
export async function assertPaymentInScope(ctx: Ctx, where: SQL, scope: CentreScope) {
  if (scope === null) return;
  const [row] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(where, paymentsIn(scope)))
    .limit(1);
  if (!row) throw notFound(PAYMENT_MSG.notFound);
}

/** A centre manager records counter money only at their centres, for students of their centres. */
export async function assertCounterInScope(ctx: Ctx, actor: Actor, studentId: string, centre: string) {
  const scope = actor.centres;
  if (scope === null) return;
  if (!scope.includes(centre)) throw badRequest('You can only record payments at your own centres', { centre: 'Not one of your centres' });
  const [row] = await ctx.db
    .select({ centre: users.centreId })
    .from(users)
    .where(and(eq(users.id, studentId), eq(users.role, 'student')))
    .limit(1);
  if (!row?.centre || !scope.includes(row.centre)) {
    throw badRequest(COUNTER_MSG.studentNotFound, { studentId: COUNTER_MSG.studentNotFound });
  }
}
