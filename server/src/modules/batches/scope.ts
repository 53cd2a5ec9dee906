import { and, eq, type SQL, sql } from 'drizzle-orm';
import { BATCH_MSG } from '@app/common/schemas/batches';
import type { Actor, Ctx } from '../../context.ts';
import { batches, classSessions } from '../../db/schema.ts';
import { inScope } from '../../lib/centre-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

// Which batches and classes a staff member works with (docs/product-staff.md): a centre manager those of
// their centres; a faculty member the batches they teach, i.e. the classes whose teacher is their name
// (the timetable names a class's teacher as text); a full admin everything.

const teacherName = (actor: Actor) => (actor.role === 'faculty' ? `${actor.firstName} ${actor.lastName}`.trim().toLowerCase() : null);
const taughtBy = (name: string) => sql`lower(trim(${classSessions.teacher})) = ${name}`;

/** The condition on `batches` for this actor (undefined: every batch). */
export function batchesOf(actor: Actor): SQL | undefined {
  const name = teacherName(actor);
  return and(
    inScope(batches.centreId, actor.centres),
    name ? sql`exists (select 1 from ${classSessions} where ${classSessions.batchId} = ${batches.id} and ${taughtBy(name)})` : undefined,
  );
}

/** The condition on `class_sessions` for this actor (undefined: every class). */
export function sessionsOf(actor: Actor): SQL | undefined {
  const name = teacherName(actor);
  const centres = inScope(batches.centreId, actor.centres);
  return and(
    centres ? sql`exists (select 1 from ${batches} where ${batches.id} = ${classSessions.batchId} and ${centres})` : undefined,
    name ? taughtBy(name) : undefined,
  );
}

const limited = (actor: Actor) => actor.centres !== null || actor.role === 'faculty';

/** A batch outside the actor's batches is "not found" to them. */
export async function assertBatchOf(ctx: Ctx, actor: Actor, id: string) {
  if (!limited(actor)) return;
  const [row] = await ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.id, id), batchesOf(actor)))
    .limit(1);
  if (!row) throw notFound(BATCH_MSG.notFound);
}

/** A class outside the actor's classes is "not found" to them. */
export async function assertSessionOf(ctx: Ctx, actor: Actor, id: string) {
  if (!limited(actor)) return;
  const [row] = await ctx.db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(and(eq(classSessions.id, id), sessionsOf(actor)))
    .limit(1);
  if (!row) throw notFound(BATCH_MSG.sessionNotFound);
}

/** A centre manager creates and moves batches only into their own centres. */
export function assertCentreOf(actor: Actor, centreId: string | undefined, field = 'centre') {
  if (centreId === undefined || actor.centres === null || actor.centres.includes(centreId)) return;
  throw badRequest('You can only manage batches of your own centres', { [field]: 'Not one of your centres' });
}

/** A centre manager places students only into batches of their centres (an approval, a move). */
export async function assertPlacementOf(ctx: Ctx, actor: Actor, batchId: string | null | undefined, field = 'batch') {
  if (!batchId || actor.centres === null) return;
  const [row] = await ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.id, batchId), inScope(batches.centreId, actor.centres)))
    .limit(1);
  if (!row) throw badRequest(BATCH_MSG.notFound, { [field]: BATCH_MSG.notFound });
}
