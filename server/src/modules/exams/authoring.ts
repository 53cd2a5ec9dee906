import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ExamData, PaperQuestion, QuestionData } from '@app/common/schemas/exams';
import { EXAM_MESSAGES, paperQuestions, passingMarksOf } from '@app/common/schemas/exams';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { readAll } from '../../db/read-all.ts';
import { courses, examPassages, examSections, exams, questions, submissions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { BankLink } from '../question-bank/from-bank.ts';
import type { QuestionRow } from './dto.ts';
import { findExamForAdmin, findExamUsage, loadQuestions } from './queries.ts';
import { scheduleAudit, scheduleColumns } from './schedule.ts';

async function checkCourse(tx: Tx, courseId: string, currentCourseId: string | null) {
  const [course] = await tx.select({ id: courses.id, isActive: courses.isActive }).from(courses).where(eq(courses.id, courseId));
  // A new choice must be an active course (docs/product.md section 5); an exam may keep a course deactivated since.
  if (!course || (!course.isActive && course.id !== currentCourseId)) {
    throw badRequest('Please select an active course', { course: 'Please select an active course' });
  }
}

const examColumns = (input: ExamData) => ({
  title: input.title,
  description: input.description,
  courseId: input.course,
  durationMinutes: input.duration,
  totalMarks: input.totalMarks,
  passingMarks: passingMarksOf(input),
  negativeMarks: input.negativeMarks,
  resultMode: input.resultMode,
  tieBreakSection: input.tieBreakSection,
  solutionsRelease: input.solutionsRelease,
  instructions: input.instructions,
  ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
});

type Place = { sectionId: string | null; passageId: string | null };

/** A question's own penalty; one equal to the exam's is no override (the admin view sends it back). */
const ownPenalty = (q: QuestionData, examPenalty: number) =>
  q.negativeMarks === null || q.negativeMarks === undefined || q.negativeMarks === examPenalty ? null : q.negativeMarks;

const questionColumns = (examId: string, q: QuestionData, position: number, place: Place, examPenalty: number) => ({
  examId,
  position,
  sectionId: place.sectionId,
  passageId: place.passageId,
  type: q.type,
  question: q.question,
  options: q.options,
  correctAnswer: q.type === 'mcq' ? q.correctAnswer : null,
  marks: q.marks,
  negativeMarks: ownPenalty(q, examPenalty),
  explanation: q.explanation,
});

const INSERT_CHUNK = 100;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/**
 * Replaces the exam's sections and passages (keeping the ids the form sent back when they were this
 * exam's) and answers where each question of the paper now sits.
 */
async function writeStructure(tx: Tx, examId: string, input: ExamData, paper: PaperQuestion[]): Promise<Place[]> {
  const [oldSections, oldPassages] = await readAll(tx, [
    tx.select({ id: examSections.id }).from(examSections).where(eq(examSections.examId, examId)),
    tx.select({ id: examPassages.id }).from(examPassages).where(eq(examPassages.examId, examId)),
  ]);
  if (oldSections.length > 0) await tx.delete(examSections).where(eq(examSections.examId, examId));
  const sections = input.sections ?? [];
  if (sections.length === 0) return paper.map(() => ({ sectionId: null, passageId: null }));
  const ownSections = new Set(oldSections.map((r) => r.id));
  const ownPassages = new Set(oldPassages.map((r) => r.id));
  const sectionRows = await tx
    .insert(examSections)
    .values(
      sections.map((s, i) => ({
        ...(s._id && ownSections.has(s._id) ? { id: s._id } : {}),
        examId,
        position: i,
        title: s.title,
        instructions: s.instructions,
      })),
    )
    .returning({ id: examSections.id, position: examSections.position });
  const sectionIds = sectionRows.sort((a, b) => a.position - b.position).map((r) => r.id);
  const passageValues = sections.flatMap((s, si) =>
    s.passages.map((p) => ({
      ...(p._id && ownPassages.has(p._id) ? { id: p._id } : {}),
      examId,
      sectionId: sectionIds[si],
      body: p.body,
    })),
  );
  const passageIds: string[] = [];
  await insertChunked(
    passageValues.map((v, i) => ({ ...v, position: i })),
    async (chunk) => {
      const rows = await tx.insert(examPassages).values(chunk).returning({ id: examPassages.id, position: examPassages.position });
      passageIds.push(...rows.sort((a, b) => a.position - b.position).map((r) => r.id));
    },
  );
  // Passage index within its section -> its id.
  const firstPassage: number[] = [];
  let n = 0;
  for (const s of sections) {
    firstPassage.push(n);
    n += s.passages.length;
  }
  return paper.map((p) => ({
    sectionId: p.section === null ? null : sectionIds[p.section],
    passageId: p.section === null || p.passage === null ? null : passageIds[firstPassage[p.section] + p.passage],
  }));
}

/**
 * `keep`: the ids of the exam's questions before the save (a question sent back with one keeps it) and
 * the bank question each was copied from; `links`: the bank origin of each question of the paper as sent.
 */
async function insertQuestions(
  tx: Tx,
  examId: string,
  input: ExamData,
  paper: PaperQuestion[],
  places: Place[],
  keep: Map<string, BankLink | null>,
  links: (BankLink | null)[],
) {
  await insertChunked(
    paper.map((p, i) => {
      const kept = p.question._id && keep.has(p.question._id) ? p.question._id : null;
      const link = links[i] ?? (kept ? keep.get(kept) : null) ?? null;
      return {
        ...questionColumns(examId, p.question, i, places[i], input.negativeMarks),
        ...(kept ? { id: kept } : {}),
        bankQuestionId: link?.bankQuestionId ?? null,
        bankVersion: link?.bankVersion ?? null,
      };
    }),
    (chunk) => tx.insert(questions).values(chunk),
  );
}

const paperCounts = (input: ExamData, paper: PaperQuestion[]) => ({
  questions: paper.length,
  sections: input.sections?.length ?? 0,
  passages: (input.sections ?? []).reduce((n, s) => n + s.passages.length, 0),
});

export async function createExam(ctx: Ctx, actor: Actor, input: ExamData, links: (BankLink | null)[] = []) {
  const paper = paperQuestions(input);
  const examId = await ctx.db.transaction(async (tx) => {
    await checkCourse(tx, input.course, null);
    const schedule = await scheduleColumns(tx, input, null, input.course);
    const [row] = await tx
      .insert(exams)
      .values({ ...examColumns(input), ...schedule, createdBy: actor.id })
      .returning({ id: exams.id });
    const places = await writeStructure(tx, row.id, input, paper);
    await insertQuestions(tx, row.id, input, paper, places, new Map(), links);
    await recordAudit(tx, actor, 'exam.create', 'exam', row.id, null, {
      title: input.title,
      ...paperCounts(input, paper),
      ...scheduleAudit(schedule),
    });
    return row.id;
  });
  return findExamForAdmin(ctx, examId);
}

export async function setExamActive(ctx: Ctx, actor: Actor, examId: string, isActive: boolean) {
  const [row] = await ctx.db.update(exams).set({ isActive, updatedAt: new Date() }).where(eq(exams.id, examId)).returning({ id: exams.id });
  if (!row) throw notFound(EXAM_MESSAGES.notFound);
  await recordAudit(ctx.db, actor, isActive ? 'exam.activate' : 'exam.deactivate', 'exam', examId, null, { isActive });
  return findExamForAdmin(ctx, examId);
}

const sameQuestion = (a: QuestionRow, b: QuestionData, examPenalty: number) =>
  a.type === b.type &&
  Number(a.marks) === b.marks &&
  (a.negativeMarks === null ? null : Number(a.negativeMarks)) === ownPenalty(b, examPenalty) &&
  (a.type === 'descriptive' || (a.correctAnswer === b.correctAnswer && JSON.stringify(a.options) === JSON.stringify(b.options)));

/**
 * Once answers exist (submissions or open attempts) only the wording of a question may change:
 * every question must still be there, matched by `_id` (else by position), with the same type,
 * options, correct answer and marks. Returns the existing ids in the new order.
 */
function matchLockedQuestions(existing: QuestionRow[], incoming: QuestionData[], examPenalty: number): string[] {
  if (existing.length !== incoming.length) throw conflict(EXAM_MESSAGES.questionsLocked);
  const byId = new Map(existing.map((q) => [q.id, q]));
  const used = new Set<string>();
  return incoming.map((q, i) => {
    const old = q._id ? byId.get(q._id) : existing[i];
    if (!old || used.has(old.id) || !sameQuestion(old, q, examPenalty)) throw conflict(EXAM_MESSAGES.questionsLocked);
    used.add(old.id);
    return old.id;
  });
}

export async function updateExam(ctx: Ctx, actor: Actor, examId: string, input: ExamData, links: (BankLink | null)[] = []) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(exams).where(eq(exams.id, examId)).for('update');
    if (!before) throw notFound(EXAM_MESSAGES.notFound);
    await checkCourse(tx, input.course, before.courseId);
    const schedule = await scheduleColumns(tx, input, before, input.course);
    const existing = await loadQuestions(tx, examId);
    const usage = await findExamUsage(tx, examId);
    const locked = usage.submissions + usage.openAttempts > 0;

    const paper = paperQuestions(input);
    if (locked) {
      // The penalty marks existing answers too: it is locked with the marks.
      if (input.totalMarks !== Number(before.totalMarks) || input.negativeMarks !== Number(before.negativeMarks)) {
        throw conflict(EXAM_MESSAGES.questionsLocked);
      }
      const ids = matchLockedQuestions(
        existing,
        paper.map((p) => p.question),
        input.negativeMarks,
      );
      const places = await writeStructure(tx, examId, input, paper);
      // Every question's new text and place in one statement (a paper has up to 500).
      const rows = paper.map((p, i) => ({
        id: ids[i],
        position: i,
        question: p.question.question,
        explanation: p.question.explanation ?? null,
        section_id: places[i].sectionId,
        passage_id: places[i].passageId,
      }));
      await tx.execute(sql`
        update ${questions} q
        set position = r.position, question = r.question, explanation = r.explanation, section_id = r.section_id, passage_id = r.passage_id
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(id uuid, position integer, question text, explanation text, section_id uuid, passage_id uuid)
        where q.id = r.id`);
    } else {
      // Nobody has answered yet: replace the questions, keeping the ids the form sent back.
      const origins = await tx
        .select({ id: questions.id, bankQuestionId: questions.bankQuestionId, bankVersion: questions.bankVersion })
        .from(questions)
        .where(eq(questions.examId, examId));
      const keep = new Map(
        origins.map((o) => [
          o.id,
          o.bankQuestionId && o.bankVersion !== null ? { bankQuestionId: o.bankQuestionId, bankVersion: o.bankVersion } : null,
        ]),
      );
      await tx.delete(questions).where(eq(questions.examId, examId));
      const places = await writeStructure(tx, examId, input, paper);
      await insertQuestions(tx, examId, input, paper, places, keep, links);
    }
    // updatedAt also versions the questions (the submit path caches them by it).
    await tx
      .update(exams)
      .set({ ...examColumns(input), ...schedule, updatedAt: new Date() })
      .where(eq(exams.id, examId));
    const beforePassing = before.passingMarks === null ? null : Number(before.passingMarks);
    const passingMarks = passingMarksOf(input);
    if (beforePassing !== passingMarks) {
      // Keep pass/fail of evaluated submissions true to the new passing marks (none without a pass mark).
      await tx
        .update(submissions)
        .set({ isPassed: passingMarks === null ? null : sql`${submissions.marksObtained} >= ${passingMarks}` })
        .where(
          and(
            eq(submissions.examId, examId),
            eq(submissions.status, 'EVALUATED'),
            beforePassing === null ? undefined : isNotNull(submissions.isPassed),
          ),
        );
    }
    await recordAudit(
      tx,
      actor,
      'exam.update',
      'exam',
      examId,
      {
        title: before.title,
        duration: before.durationMinutes,
        totalMarks: Number(before.totalMarks),
        passingMarks: beforePassing,
        negativeMarks: Number(before.negativeMarks),
        questions: existing.length,
        ...scheduleAudit(before),
      },
      {
        title: input.title,
        duration: input.duration,
        totalMarks: input.totalMarks,
        passingMarks,
        negativeMarks: input.negativeMarks,
        ...paperCounts(input, paper),
        ...scheduleAudit(schedule),
      },
    );
  });
  return findExamForAdmin(ctx, examId);
}

/** Refused while the exam has submissions or open attempts, so students' marks are never lost. */
export async function deleteExam(ctx: Ctx, actor: Actor, examId: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(exams).where(eq(exams.id, examId)).for('update');
    if (!row) throw notFound(EXAM_MESSAGES.notFound);
    const usage = await findExamUsage(tx, examId);
    if (usage.submissions > 0) throw conflict(EXAM_MESSAGES.deleteWithSubmissions(usage.submissions));
    if (usage.openAttempts > 0) throw conflict(EXAM_MESSAGES.deleteInProgress);
    await tx.delete(exams).where(inArray(exams.id, [examId]));
    await recordAudit(tx, actor, 'exam.delete', 'exam', examId, { title: row.title }, null);
  });
}
