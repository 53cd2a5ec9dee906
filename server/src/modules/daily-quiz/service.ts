import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays, indiaDayOf } from '@app/common/rules/dates';
import { marksFor, mcqOutcome, penaltyOf } from '@app/common/rules/marking';
import { round2 } from '@app/common/rules/rounding';
import {
  DAILY_QUIZ_MSG,
  DAILY_QUIZ_OPENS_HOUR_IST,
  type DailyQuizCreateData,
  type DailyQuizQuestion,
  type DailyQuizQuestionInput,
  type DailyQuizResult,
  type DailyQuizStaff,
  type DailyQuizToday,
  type DailyQuizUpdateData,
  LEADERBOARD_TOP,
  type Leaderboard,
  type Streak,
} from '@app/common/schemas/daily-quiz';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bankQuestions, dailyQuizSubmissions, dailyQuizzes, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { checkAudience, findStudentScope, type StudentScope } from '../exam-taking/audience.ts';

// The daily quiz (docs/product-daily-quiz.md). Days are India's calendar days; "now" is a parameter so
// the tests can stand on either side of 06:00 IST and of midnight.

type QuizRow = typeof dailyQuizzes.$inferSelect;

const IST_OFFSET_MS = 330 * 60_000;
const hourInIndia = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();

/** The same rule as an exam's audience (exam-taking/audience.ts), for a quiz. */
export function quizIncludes(
  q: Pick<QuizRow, 'openToAll' | 'audienceCourseIds' | 'audienceBatchIds' | 'audienceCentreIds'>,
  s: StudentScope,
): boolean {
  if (q.openToAll) return true;
  if (s.courseIds.some((c) => q.audienceCourseIds.includes(c))) return true;
  if (s.batchId && q.audienceBatchIds.includes(s.batchId)) return true;
  return s.centreId !== null && q.audienceCentreIds.includes(s.centreId);
}

/** Inline questions as they are; bank questions copied now (a later edit in the bank does not change the quiz). */
async function resolveQuestions(tx: Tx, input: DailyQuizQuestionInput[]): Promise<DailyQuizQuestion[]> {
  const bankIds = input.flatMap((q) => ('bankQuestionId' in q ? [q.bankQuestionId] : []));
  const found = bankIds.length ? await tx.select().from(bankQuestions).where(inArray(bankQuestions.id, bankIds)) : [];
  const byId = new Map(found.map((b) => [b.id, b]));
  return input.map((q, i) => {
    if ('bankQuestionId' in q) {
      const b = byId.get(q.bankQuestionId);
      if (!b)
        throw badRequest(DAILY_QUIZ_MSG.unknownBankQuestion, { [`questions.${i}.bankQuestionId`]: DAILY_QUIZ_MSG.unknownBankQuestion });
      return {
        _id: randomUUID(),
        question: b.question,
        options: b.options,
        correctAnswer: b.correctAnswer,
        marks: b.marks,
        negativeMarks: b.negativeMarks,
        explanation: b.explanation,
      };
    }
    return {
      _id: q._id ?? randomUUID(),
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer as number,
      marks: q.marks,
      negativeMarks: q.negativeMarks,
      explanation: q.explanation,
    };
  });
}

async function submissionCounts(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ quizId: dailyQuizSubmissions.quizId, n: sql<number>`count(*)::int` })
    .from(dailyQuizSubmissions)
    .where(inArray(dailyQuizSubmissions.quizId, ids))
    .groupBy(dailyQuizSubmissions.quizId);
  return new Map(rows.map((r) => [r.quizId, Number(r.n)]));
}

const toStaff = (q: QuizRow, submissions: number): DailyQuizStaff => ({
  _id: q.id,
  date: q.day,
  title: q.title,
  audience: { courses: q.audienceCourseIds, batches: q.audienceBatchIds, centres: q.audienceCentreIds },
  openToAll: q.openToAll,
  negativeMarks: q.negativeMarks,
  questions: q.questions,
  submissions,
});

const defaultTitle = (day: string) => `Daily quiz, ${day}`;

export async function createQuiz(ctx: Ctx, input: DailyQuizCreateData, by: string): Promise<DailyQuizStaff> {
  return ctx.db.transaction(async (tx) => {
    const audience = input.audience ?? { courses: [], batches: [], centres: [] };
    await checkAudience(tx, audience);
    const questions = await resolveQuestions(tx, input.questions);
    const [row] = await tx
      .insert(dailyQuizzes)
      .values({
        day: input.date,
        title: input.title || defaultTitle(input.date),
        questions,
        negativeMarks: input.negativeMarks ?? 0,
        audienceCourseIds: audience.courses,
        audienceBatchIds: audience.batches,
        audienceCentreIds: audience.centres,
        openToAll: input.openToAll === true,
        createdBy: by,
      })
      .returning();
    return toStaff(row as QuizRow, 0);
  });
}

export async function listQuizzes(ctx: Ctx, q: { from?: string; to?: string }): Promise<DailyQuizStaff[]> {
  const conds = [q.from ? gte(dailyQuizzes.day, q.from) : undefined, q.to ? lte(dailyQuizzes.day, q.to) : undefined];
  const rows = await ctx.db
    .select()
    .from(dailyQuizzes)
    .where(and(...conds))
    .orderBy(desc(dailyQuizzes.day), asc(dailyQuizzes.createdAt))
    .limit(200);
  const counts = await submissionCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toStaff(r, counts.get(r.id) ?? 0));
}

export async function updateQuiz(ctx: Ctx, id: string, input: DailyQuizUpdateData): Promise<DailyQuizStaff> {
  return ctx.db.transaction(async (tx) => {
    const [quiz] = await tx.select().from(dailyQuizzes).where(eq(dailyQuizzes.id, id)).for('update');
    if (!quiz) throw notFound(DAILY_QUIZ_MSG.notFound);
    const taken = (await submissionCounts(tx, [id])).get(id) ?? 0;
    // A submitted score was marked against these questions: changing them would change what it means.
    if (taken > 0 && (input.questions !== undefined || input.negativeMarks !== undefined || input.date !== undefined)) {
      throw new AppError('CONFLICT', DAILY_QUIZ_MSG.locked);
    }
    const set: Partial<typeof dailyQuizzes.$inferInsert> = { updatedAt: new Date() };
    if (input.date !== undefined) set.day = input.date;
    if (input.title !== undefined) set.title = input.title || defaultTitle(input.date ?? quiz.day);
    if (input.negativeMarks !== undefined) set.negativeMarks = input.negativeMarks;
    if (input.audience !== undefined) {
      await checkAudience(tx, input.audience);
      set.audienceCourseIds = input.audience.courses;
      set.audienceBatchIds = input.audience.batches;
      set.audienceCentreIds = input.audience.centres;
    }
    if (input.openToAll !== undefined) set.openToAll = input.openToAll;
    if (input.questions !== undefined) set.questions = await resolveQuestions(tx, input.questions);
    const [row] = await tx.update(dailyQuizzes).set(set).where(eq(dailyQuizzes.id, id)).returning();
    return toStaff(row as QuizRow, taken);
  });
}

export async function deleteQuiz(ctx: Ctx, id: string) {
  const gone = await ctx.db.delete(dailyQuizzes).where(eq(dailyQuizzes.id, id)).returning({ id: dailyQuizzes.id });
  if (gone.length === 0) throw notFound(DAILY_QUIZ_MSG.notFound);
  return { message: DAILY_QUIZ_MSG.deleted };
}

/** Today's quizzes (IST) for a student's audience, oldest made first; none before 06:00 IST. */
export async function quizzesToday(db: Db | Tx, studentId: string, now: Date): Promise<QuizRow[]> {
  if (hourInIndia(now) < DAILY_QUIZ_OPENS_HOUR_IST) return [];
  const scope = await findStudentScope(db, studentId);
  if (!scope) return [];
  const rows = await db
    .select()
    .from(dailyQuizzes)
    .where(eq(dailyQuizzes.day, indiaDayOf(now)))
    .orderBy(asc(dailyQuizzes.createdAt));
  return rows.filter((q) => quizIncludes(q, scope));
}

function mark(quiz: QuizRow, answers: Record<string, number | null>, timeTaken: number | null): DailyQuizResult {
  let score = 0;
  let maxScore = 0;
  const tally = { correct: 0, wrong: 0, unattempted: 0 };
  const questions = quiz.questions.map((q) => {
    const raw = answers[q._id];
    const selected = typeof raw === 'number' && raw < q.options.length ? raw : null;
    const outcome = mcqOutcome(selected, q.correctAnswer);
    score += marksFor(outcome, q.marks, penaltyOf(q.negativeMarks, quiz.negativeMarks));
    maxScore += q.marks;
    tally[outcome]++;
    return { _id: q._id, selected, correctAnswer: q.correctAnswer, explanation: q.explanation, outcome };
  });
  return { score: round2(score), maxScore: round2(maxScore), ...tally, timeTaken, questions };
}

export async function findToday(ctx: Ctx, studentId: string, now: Date): Promise<DailyQuizToday> {
  const [quiz] = await quizzesToday(ctx.db, studentId, now);
  if (!quiz) throw notFound(DAILY_QUIZ_MSG.noneToday);
  const [taken] = await ctx.db
    .select()
    .from(dailyQuizSubmissions)
    .where(and(eq(dailyQuizSubmissions.quizId, quiz.id), eq(dailyQuizSubmissions.studentId, studentId)));
  return {
    _id: quiz.id,
    date: quiz.day,
    title: quiz.title,
    negativeMarks: quiz.negativeMarks,
    questions: quiz.questions.map((q) => ({ _id: q._id, question: q.question, options: q.options, marks: q.marks })),
    result: taken ? mark(quiz, taken.answers, taken.timeTaken) : null,
  };
}

export async function submitQuiz(
  ctx: Ctx,
  studentId: string,
  quizId: string,
  body: { answers: Record<string, number | null>; timeTaken?: number },
  now: Date,
): Promise<DailyQuizResult> {
  const quiz = (await quizzesToday(ctx.db, studentId, now)).find((q) => q.id === quizId);
  // Another day's quiz, or one for another audience, is "not found", as it is on the page.
  if (!quiz) throw notFound(DAILY_QUIZ_MSG.notFound);
  const result = mark(quiz, body.answers, body.timeTaken ?? null);
  const kept = Object.fromEntries(result.questions.map((q) => [q._id, q.selected]));
  const stored = await ctx.db
    .insert(dailyQuizSubmissions)
    .values({ quizId, studentId, day: quiz.day, answers: kept, score: result.score, timeTaken: body.timeTaken ?? null, submittedAt: now })
    .onConflictDoNothing()
    .returning({ id: dailyQuizSubmissions.id });
  if (stored.length === 0) throw new AppError('CONFLICT', DAILY_QUIZ_MSG.alreadyTaken);
  return result;
}

/** The streak from the distinct days with a submission, sorted ascending. */
export function streakOf(days: readonly string[], today: string): Streak {
  let longest = 0;
  let run = 0;
  let prev: string | null = null;
  for (const d of days) {
    run = prev !== null && addDays(prev, 1) === d ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = d;
  }
  const last = days.at(-1);
  const takenToday = last === today;
  // Today not yet taken does not break the streak until the day ends: it still runs to yesterday.
  const current = last !== undefined && (last === today || last === addDays(today, -1)) ? run : 0;
  return { current, longest, takenToday };
}

export async function findStreak(ctx: Ctx, studentId: string, now: Date): Promise<Streak> {
  const today = indiaDayOf(now);
  const rows = await ctx.db
    .selectDistinct({ day: dailyQuizSubmissions.day })
    .from(dailyQuizSubmissions)
    .where(and(eq(dailyQuizSubmissions.studentId, studentId), lte(dailyQuizSubmissions.day, today)))
    .orderBy(asc(dailyQuizSubmissions.day));
  return streakOf(
    rows.map((r) => r.day),
    today,
  );
}

/** The IST week (Monday to Sunday) or calendar month holding `today`. */
export function periodOf(period: 'week' | 'month', today: string): { from: string; to: string } {
  if (period === 'month') {
    const from = `${today.slice(0, 8)}01`;
    const next = addDays(`${today.slice(0, 8)}28`, 4);
    return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
  }
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  const from = addDays(today, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** First name and the last name's initial: a board other students read shows no more. */
const displayName = (first: string, last: string | null) => {
  const initial = (last ?? '').trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
};

export async function findLeaderboard(
  ctx: Ctx,
  studentId: string,
  q: { scope: 'batch' | 'centre'; period: 'week' | 'month' },
  now: Date,
): Promise<Leaderboard> {
  const { from, to } = periodOf(q.period, indiaDayOf(now));
  const [me] = await ctx.db.select({ batchId: users.batchId, centreId: users.centreId }).from(users).where(eq(users.id, studentId));
  const group = q.scope === 'batch' ? me?.batchId : me?.centreId;
  const nobody = { rank: null, score: 0, timeTaken: 0 };
  if (!group) return { from, to, top: [], me: nobody };
  const inGroup = q.scope === 'batch' ? eq(users.batchId, group) : eq(users.centreId, group);
  const total = sql<number>`sum(${dailyQuizSubmissions.score})::float8`;
  const time = sql<number>`coalesce(sum(${dailyQuizSubmissions.timeTaken}), 0)::int`;
  // Every student of the group with a submission in the period, best first: total score, then less time.
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, score: total, timeTaken: time })
    .from(dailyQuizSubmissions)
    .innerJoin(users, eq(users.id, dailyQuizSubmissions.studentId))
    .where(and(inGroup, eq(users.role, 'student'), gte(dailyQuizSubmissions.day, from), lte(dailyQuizSubmissions.day, to)))
    .groupBy(users.id, users.firstName, users.lastName)
    .orderBy(desc(total), asc(time), asc(users.id));
  const ranked = rows.map((r, i) => ({
    rank: i + 1,
    id: r.id,
    name: displayName(r.firstName, r.lastName),
    score: round2(Number(r.score)),
    timeTaken: Number(r.timeTaken),
  }));
  const mine = ranked.find((r) => r.id === studentId);
  return {
    from,
    to,
    top: ranked.slice(0, LEADERBOARD_TOP).map(({ id, ...r }) => ({ ...r, me: id === studentId })),
    me: mine ? { rank: mine.rank, score: mine.score, timeTaken: mine.timeTaken } : nobody,
  };
}
