import { and, eq } from 'drizzle-orm';
import { gradeFor, percentageOf } from '@app/common/rules/grades';
import { GRACE_SECONDS } from '@app/common/rules/timer';
import type { AnswersMap } from '@app/common/schemas/exams';
import { SUBMISSION_MESSAGES, type SubmitResponse } from '@app/common/schemas/submissions';
import type { Actor, Ctx } from '../../context.ts';
import { examAttempts, exams } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { examForMarking, finalizeAttempt, questionsFor } from './finalize.ts';
import { checkAnswers } from './marking.ts';

export type SubmitInput = { examId: string; answers: AnswersMap; startTime?: Date; endTime?: Date };

/**
 * POST /api/submissions: closes the caller's open attempt in one transaction.
 * Until deadline + grace the answers sent are merged over the saved ones; after it only the saved
 * answers count and the caller gets 409 (the attempt is closed all the same).
 */
export async function submitExam(ctx: Ctx, actor: Actor, input: SubmitInput): Promise<SubmitResponse> {
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ attempt: examAttempts, exam: examForMarking })
      .from(examAttempts)
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(and(eq(examAttempts.examId, input.examId), eq(examAttempts.studentId, actor.id)))
      .for('update', { of: examAttempts });
    if (!row) throw conflict(SUBMISSION_MESSAGES.noAttempt);
    if (row.attempt.closedAt) throw conflict(SUBMISSION_MESSAGES.alreadyAttempted);
    const isLate = now.getTime() > row.attempt.deadline.getTime() + GRACE_SECONDS * 1000;
    const qs = await questionsFor(tx, row.exam);
    // Unknown or malformed entries are dropped rather than refusing the student's submission.
    const answers = isLate ? row.attempt.answers : { ...row.attempt.answers, ...checkAnswers(qs, input.answers).clean };
    const done = await finalizeAttempt(tx, {
      attempt: row.attempt,
      exam: row.exam,
      qs,
      answers,
      now,
      autoSubmitted: isLate,
      clientStartTime: input.startTime,
      clientEndTime: input.endTime,
    });
    if (!done) throw conflict(SUBMISSION_MESSAGES.alreadyAttempted);
    return { ...done, exam: row.exam, isLate, isMcqOnly: qs.every((q) => q.type === 'mcq') };
  });
  if (outcome.isLate) throw conflict(SUBMISSION_MESSAGES.attemptClosed);

  const s = outcome.submission;
  const response: SubmitResponse = {
    message: SUBMISSION_MESSAGES.submitted,
    submission: {
      _id: s.id,
      exam: { _id: outcome.exam.id, title: outcome.exam.title },
      status: s.status,
      submittedAt: s.submittedAt.toISOString(),
      totalTimeTaken: s.totalTimeTaken,
      autoSubmitted: s.autoSubmitted,
    },
  };
  // The completion page's score, only for an exam of MCQ questions only (DESIGN.md section 4).
  if (outcome.isMcqOnly) {
    const totalMarks = Number(s.totalMarks);
    const percentage = percentageOf(Number(s.marksObtained), totalMarks);
    response.result = {
      marksObtained: Number(s.marksObtained),
      totalMarks,
      percentage,
      grade: gradeFor(percentage),
      isPassed: s.isPassed ?? false,
      correctAnswers: s.correctAnswers,
      incorrectAnswers: s.incorrectAnswers,
      unattempted: s.unattempted,
    };
  }
  return response;
}
