import { eq } from 'drizzle-orm';
import { SCHEDULE_MESSAGES, type ScheduleData } from '@app/common/schemas/exam-schedule';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { exams } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { checkAudience } from '../exam-taking/audience.ts';
import type { ExamRow } from './dto.ts';
import { findExamForAdmin, findExamUsage } from './queries.ts';

type ScheduleInput = Omit<ScheduleData, 'isActive'>;
type ScheduleColumns = Pick<
  ExamRow,
  'audienceCourseIds' | 'audienceBatchIds' | 'audienceCentreIds' | 'openToAll' | 'opensAt' | 'closesAt' | 'mode'
>;

const DEFAULTS = { openToAll: false, opensAt: null, closesAt: null, mode: 'ranked' as const };

/**
 * The schedule an exam gets from the form: a field sent replaces the exam's, a field left out keeps
 * it (on creation: the audience defaults to the exam's own course, no window, ranked).
 */
function mergeSchedule(input: ScheduleInput, before: ScheduleColumns | null, courseId: string | null): ScheduleColumns {
  const base: ScheduleColumns = before ?? {
    ...DEFAULTS,
    audienceCourseIds: courseId ? [courseId] : [],
    audienceBatchIds: [],
    audienceCentreIds: [],
  };
  return {
    audienceCourseIds: input.audience?.courses ?? base.audienceCourseIds,
    audienceBatchIds: input.audience?.batches ?? base.audienceBatchIds,
    audienceCentreIds: input.audience?.centres ?? base.audienceCentreIds,
    openToAll: input.openToAll ?? base.openToAll,
    opensAt: input.opensAt === undefined ? base.opensAt : input.opensAt,
    closesAt: input.closesAt === undefined ? base.closesAt : input.closesAt,
    mode: input.mode ?? base.mode,
  };
}

/** Checks the merged schedule (each problem a 400 naming its field) and answers the columns to write. */
export async function scheduleColumns(tx: Tx, input: ScheduleInput, before: ExamRow | null, courseId: string | null) {
  const next = mergeSchedule(input, before, courseId);
  if (next.opensAt && next.closesAt && next.closesAt <= next.opensAt) {
    throw badRequest(SCHEDULE_MESSAGES.closesAfterOpens, { closesAt: SCHEDULE_MESSAGES.closesAfterOpens });
  }
  if (!next.openToAll && next.audienceCourseIds.length + next.audienceBatchIds.length + next.audienceCentreIds.length === 0) {
    throw badRequest(SCHEDULE_MESSAGES.emptyAudience, { audience: SCHEDULE_MESSAGES.emptyAudience });
  }
  if (input.audience) await checkAudience(tx, input.audience);
  if (before && next.mode !== before.mode && (await findExamUsage(tx, before.id)).submissions > 0) {
    throw conflict(SCHEDULE_MESSAGES.modeLocked);
  }
  return next;
}

/** What the audit trail keeps of a schedule. */
export const scheduleAudit = (s: ScheduleColumns) => ({
  audience: { courses: s.audienceCourseIds, batches: s.audienceBatchIds, centres: s.audienceCentreIds },
  openToAll: s.openToAll,
  opensAt: s.opensAt?.toISOString() ?? null,
  closesAt: s.closesAt?.toISOString() ?? null,
  mode: s.mode,
});

/** PATCH /api/exams/{id} with schedule fields only: the paper is untouched. */
export async function updateExamSchedule(ctx: Ctx, actor: Actor, examId: string, input: ScheduleData) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(exams).where(eq(exams.id, examId)).for('update');
    if (!before) throw notFound(EXAM_MESSAGES.notFound);
    const next = await scheduleColumns(tx, input, before, before.courseId);
    const isActive = input.isActive ?? before.isActive;
    await tx
      .update(exams)
      .set({ ...next, isActive, updatedAt: new Date() })
      .where(eq(exams.id, examId));
    await recordAudit(
      tx,
      actor,
      'exam.schedule',
      'exam',
      examId,
      { ...scheduleAudit(before), isActive: before.isActive },
      { ...scheduleAudit(next), isActive },
    );
  });
  return findExamForAdmin(ctx, examId);
}
