import { and, asc, count, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Card as FsrsCard, createEmptyCard, fsrs, type Grade, Rating, State } from 'ts-fsrs';
import {
  type Card,
  type Deck,
  type DeckBody,
  type DueResponse,
  FLASHCARD_DUE_LIMIT,
  FLASHCARD_MSG,
  type FlashcardRating,
  type FlashcardState,
  type ReviewResult,
} from '@app/common/schemas/flashcards';
import { addDays, instantInIndia, todayInIndia } from '@app/common/rules/dates';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { flashcardDecks, flashcardProgress, flashcards } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';
import { audienceNamesOf, checkAudience, findStudentScope, type StudentScope } from '../exam-taking/audience.ts';

// Flashcards (docs/product-flashcards.md). The schedule is FSRS through ts-fsrs (docs/decisions/), never a
// formula of our own: a card's memory state per student is ts-fsrs's Card, stored as it is.

const scheduler = fsrs();
const GRADES: Record<FlashcardRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const STATE_NAMES: Record<State, FlashcardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATE_OF: Record<FlashcardState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** The end of the student's day in India: a card due before it is due today (docs/product-flashcards.md). */
export const endOfIndiaDay = (now: Date) => instantInIndia(addDays(todayInIndia(now), 1), '00:00');

const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::uuid[]`;

/** The staff decks a student sees: published and for them, as a condition on `flashcard_decks`. */
function publishedFor(scope: StudentScope | null): SQL {
  const conds: SQL[] = [sql`${flashcardDecks.openToAll}`];
  if (scope?.courseIds.length) conds.push(sql`${flashcardDecks.audienceCourseIds} && ${uuidArray(scope.courseIds)}`);
  if (scope?.batchId) conds.push(sql`${scope.batchId}::uuid = any(${flashcardDecks.audienceBatchIds})`);
  if (scope?.centreId) conds.push(sql`${scope.centreId}::text = any(${flashcardDecks.audienceCentreIds})`);
  return and(isNull(flashcardDecks.ownerId), eq(flashcardDecks.published, true), sql`(${sql.join(conds, sql` or `)})`) as SQL;
}

/** Every deck a student reaches: the published ones for them and their own. */
async function reachableDecks(db: Db | Tx, studentId: string): Promise<SQL> {
  const scope = await findStudentScope(db, studentId);
  return or(publishedFor(scope), eq(flashcardDecks.ownerId, studentId)) as SQL;
}

type DeckRow = typeof flashcardDecks.$inferSelect;

async function present(db: Db | Tx, rows: DeckRow[], due?: Map<string, number>): Promise<Deck[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ deckId: flashcards.deckId, n: count() })
        .from(flashcards)
        .where(inArray(flashcards.deckId, ids))
        .groupBy(flashcards.deckId)
    : [];
  const cardsOf = new Map(counts.map((c) => [c.deckId, Number(c.n)]));
  const out: Deck[] = [];
  for (const r of rows) {
    out.push({
      _id: r.id,
      title: r.title,
      description: r.description,
      published: r.published,
      openToAll: r.openToAll,
      audience: due ? { courses: [], batches: [], centres: [] } : await audienceNamesOf(db, r),
      personal: r.ownerId !== null,
      cards: cardsOf.get(r.id) ?? 0,
      ...(due ? { due: due.get(r.id) ?? 0 } : {}),
      createdAt: r.createdAt.toISOString(),
    });
  }
  return out;
}

function audienceValues(body: Partial<DeckBody>, current?: DeckRow) {
  const audience = body.audience ?? {
    courses: current?.audienceCourseIds ?? [],
    batches: current?.audienceBatchIds ?? [],
    centres: current?.audienceCentreIds ?? [],
  };
  const openToAll = body.openToAll ?? current?.openToAll ?? false;
  if (!openToAll && audience.courses.length + audience.batches.length + audience.centres.length === 0)
    throw badRequest(FLASHCARD_MSG.audienceRequired, { audience: FLASHCARD_MSG.audienceRequired });
  return { audience, openToAll };
}

/** POST /api/flashcards/decks (staff with flashcards.manage). */
export async function createDeck(ctx: Ctx, actor: Actor, body: DeckBody): Promise<Deck> {
  const { audience, openToAll } = audienceValues(body);
  return ctx.db.transaction(async (tx) => {
    await checkAudience(tx, audience);
    const [row] = await tx
      .insert(flashcardDecks)
      .values({
        title: body.title,
        description: body.description ?? '',
        audienceCourseIds: audience.courses,
        audienceBatchIds: audience.batches,
        audienceCentreIds: audience.centres,
        openToAll,
        published: body.published,
        createdBy: actor.id,
      })
      .returning();
    return (await present(tx, [row as DeckRow]))[0] as Deck;
  });
}

async function staffDeck(db: Db | Tx, id: string): Promise<DeckRow> {
  const [row] = await db.select().from(flashcardDecks).where(eq(flashcardDecks.id, id));
  if (!row) throw notFound(FLASHCARD_MSG.notFound);
  if (row.ownerId) throw notFound(FLASHCARD_MSG.notFound);
  return row;
}

/** PATCH /api/flashcards/decks/:id: title, description, audience, publish or unpublish. */
export async function updateDeck(ctx: Ctx, id: string, body: Partial<DeckBody>): Promise<Deck> {
  return ctx.db.transaction(async (tx) => {
    const current = await staffDeck(tx, id);
    const { audience, openToAll } = audienceValues(body, current);
    await checkAudience(tx, audience);
    const [row] = await tx
      .update(flashcardDecks)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.published !== undefined ? { published: body.published } : {}),
        audienceCourseIds: audience.courses,
        audienceBatchIds: audience.batches,
        audienceCentreIds: audience.centres,
        openToAll,
        updatedAt: new Date(),
      })
      .where(eq(flashcardDecks.id, id))
      .returning();
    return (await present(tx, [row as DeckRow]))[0] as Deck;
  });
}

/** DELETE /api/flashcards/decks/:id?confirm=true: the deck, its cards and the students' progress on them. */
export async function deleteDeck(ctx: Ctx, id: string) {
  await staffDeck(ctx.db, id);
  await ctx.db.delete(flashcardDecks).where(eq(flashcardDecks.id, id));
  return { message: 'Deck deleted' };
}

/** GET /api/flashcards/decks for staff: every staff deck, newest first. */
export async function listDecksForStaff(ctx: Ctx): Promise<Deck[]> {
  const rows = await ctx.db
    .select()
    .from(flashcardDecks)
    .where(isNull(flashcardDecks.ownerId))
    .orderBy(sql`${flashcardDecks.createdAt} desc`);
  return present(ctx.db, rows);
}

/** Cards due for a student before `end`: never reviewed (new), or scheduled before it. */
const dueBefore = (end: Date) => or(isNull(flashcardProgress.id), lt(flashcardProgress.due, end)) as SQL;

function dueQuery(db: Db | Tx, studentId: string, decks: SQL, end: Date) {
  return db
    .select({ card: flashcards, deckTitle: flashcardDecks.title, progress: flashcardProgress })
    .from(flashcards)
    .innerJoin(flashcardDecks, eq(flashcardDecks.id, flashcards.deckId))
    .leftJoin(flashcardProgress, and(eq(flashcardProgress.cardId, flashcards.id), eq(flashcardProgress.studentId, studentId)))
    .where(and(decks, dueBefore(end)));
}

/** GET /api/flashcards/decks for a student: the published decks for them and their own, with today's due counts. */
export async function listDecksForStudent(ctx: Ctx, recordScope: Scope, now = new Date()): Promise<Deck[]> {
  const studentId = ownStudentId(recordScope);
  const decks = await reachableDecks(ctx.db, studentId);
  const rows = await ctx.db.select().from(flashcardDecks).where(decks).orderBy(asc(flashcardDecks.title));
  const due = await ctx.db
    .select({ deckId: flashcards.deckId, n: count() })
    .from(flashcards)
    .innerJoin(flashcardDecks, eq(flashcardDecks.id, flashcards.deckId))
    .leftJoin(flashcardProgress, and(eq(flashcardProgress.cardId, flashcards.id), eq(flashcardProgress.studentId, studentId)))
    .where(and(decks, dueBefore(endOfIndiaDay(now))))
    .groupBy(flashcards.deckId);
  return present(ctx.db, rows, new Map(due.map((d) => [d.deckId, Number(d.n)])));
}

type ProgressRow = typeof flashcardProgress.$inferSelect;

const fsrsCardOf = (p: ProgressRow | null, now: Date): FsrsCard =>
  p
    ? {
        due: p.due,
        stability: p.stability,
        difficulty: p.difficulty,
        elapsed_days: p.elapsedDays,
        scheduled_days: p.scheduledDays,
        learning_steps: p.learningSteps,
        reps: p.reps,
        lapses: p.lapses,
        state: STATE_OF[p.state],
        last_review: p.lastReview ?? undefined,
      }
    : createEmptyCard(now);

const cardOut = (c: typeof flashcards.$inferSelect): Card => ({
  _id: c.id,
  deckId: c.deckId,
  front: c.front,
  back: c.back,
  example: c.example,
  tags: c.tags,
});

/** GET /api/flashcards/due: the student's cards due today (India's day), oldest due first, new cards last. */
export async function dueCards(ctx: Ctx, recordScope: Scope, now = new Date()): Promise<DueResponse> {
  const studentId = ownStudentId(recordScope);
  const decks = await reachableDecks(ctx.db, studentId);
  const end = endOfIndiaDay(now);
  const [rows, [total]] = await Promise.all([
    dueQuery(ctx.db, studentId, decks, end)
      .orderBy(
        sql`${flashcardProgress.due} asc nulls last`,
        asc(flashcardDecks.title),
        asc(flashcards.position),
        asc(flashcards.createdAt),
        asc(flashcards.id),
      )
      .limit(FLASHCARD_DUE_LIMIT),
    ctx.db
      .select({ n: count() })
      .from(flashcards)
      .innerJoin(flashcardDecks, eq(flashcardDecks.id, flashcards.deckId))
      .leftJoin(flashcardProgress, and(eq(flashcardProgress.cardId, flashcards.id), eq(flashcardProgress.studentId, studentId)))
      .where(and(decks, dueBefore(end))),
  ]);
  return {
    total: Number(total?.n ?? 0),
    cards: rows.map((r) => {
      const preview = scheduler.repeat(fsrsCardOf(r.progress, now), now);
      return {
        ...cardOut(r.card),
        deckTitle: r.deckTitle,
        state: r.progress?.state ?? 'new',
        due: (r.progress?.due ?? now).toISOString(),
        next: {
          again: preview[Rating.Again].card.due.toISOString(),
          hard: preview[Rating.Hard].card.due.toISOString(),
          good: preview[Rating.Good].card.due.toISOString(),
          easy: preview[Rating.Easy].card.due.toISOString(),
        },
      };
    }),
  };
}

/** POST /api/flashcards/:cardId/review: the card rescheduled by FSRS; a card the student cannot reach is 404. */
export async function reviewCard(
  ctx: Ctx,
  recordScope: Scope,
  cardId: string,
  rating: FlashcardRating,
  now = new Date(),
): Promise<ReviewResult> {
  const studentId = ownStudentId(recordScope);
  const decks = await reachableDecks(ctx.db, studentId);
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ card: flashcards, progress: flashcardProgress })
      .from(flashcards)
      .innerJoin(flashcardDecks, eq(flashcardDecks.id, flashcards.deckId))
      .leftJoin(flashcardProgress, and(eq(flashcardProgress.cardId, flashcards.id), eq(flashcardProgress.studentId, studentId)))
      .where(and(eq(flashcards.id, cardId), decks))
      .for('update', { of: flashcards });
    if (!found) throw notFound(FLASHCARD_MSG.cardNotFound);
    const { card } = scheduler.next(fsrsCardOf(found.progress, now), now, GRADES[rating]);
    const values = {
      due: card.due,
      stability: card.stability,
      difficulty: card.difficulty,
      elapsedDays: Math.round(card.elapsed_days),
      scheduledDays: Math.round(card.scheduled_days),
      learningSteps: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      state: STATE_NAMES[card.state],
      lastReview: card.last_review ?? now,
      updatedAt: now,
    };
    await tx
      .insert(flashcardProgress)
      .values({ studentId, cardId, ...values })
      .onConflictDoUpdate({ target: [flashcardProgress.studentId, flashcardProgress.cardId], set: values });
    return {
      cardId,
      due: card.due.toISOString(),
      state: STATE_NAMES[card.state],
      reps: card.reps,
      lapses: card.lapses,
      scheduledDays: card.scheduled_days,
    };
  });
}

/** POST /api/flashcards/mine: a card in the student's personal deck (made on the first one). */
export async function addMyCard(ctx: Ctx, recordScope: Scope, body: { front: string; back: string; example?: string }): Promise<Card> {
  const studentId = ownStudentId(recordScope);
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(flashcardDecks)
      .values({ title: 'My cards', ownerId: studentId, published: true, createdBy: studentId })
      .onConflictDoNothing({ target: flashcardDecks.ownerId });
    const [deck] = await tx.select({ id: flashcardDecks.id }).from(flashcardDecks).where(eq(flashcardDecks.ownerId, studentId));
    const [row] = await tx
      .insert(flashcards)
      .values({ deckId: (deck as { id: string }).id, front: body.front, back: body.back, example: body.example ?? '' })
      .returning();
    return cardOut(row as typeof flashcards.$inferSelect);
  });
}

/** GET /api/flashcards/decks/:id/cards for staff. */
export async function listCards(ctx: Ctx, deckId: string): Promise<Card[]> {
  await staffDeck(ctx.db, deckId);
  const rows = await ctx.db
    .select()
    .from(flashcards)
    .where(eq(flashcards.deckId, deckId))
    .orderBy(asc(flashcards.position), asc(flashcards.createdAt), asc(flashcards.id));
  return rows.map(cardOut);
}

/** DELETE /api/flashcards/decks/:id/cards/:cardId for staff. */
export async function deleteCard(ctx: Ctx, deckId: string, cardId: string) {
  await staffDeck(ctx.db, deckId);
  const gone = await ctx.db
    .delete(flashcards)
    .where(and(eq(flashcards.id, cardId), eq(flashcards.deckId, deckId)))
    .returning({ id: flashcards.id });
  if (gone.length === 0) throw notFound(FLASHCARD_MSG.cardNotFound);
  return { message: 'Card deleted' };
}

export { staffDeck };
