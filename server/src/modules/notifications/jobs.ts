import { indiaDayOf } from '@app/common/rules/dates';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { attendance, batches, classSessions, exams, users } from '../../db/schema.ts';
import { findStudentScopes, isInAudience } from '../exam-taking/audience.ts';
import { findInstallmentDues } from './dues.ts';
import { runEnquiryFollowUps } from '../enquiries/digest.ts';
import { absentTodayNotice, examTomorrowNotice, feeDueNotice, feeOverdueNotice } from '../messaging/notices.ts';
import { findRecipients, once } from '../messaging/service.ts';
import { guardianFeeNotice } from '../messaging/guardian-notices.ts';
import { finish, type Job } from '../messaging/job-result.ts';
import { guardianItems, withGuardians } from '../guardians/recipients.ts';
import { runParentAbsenceAlerts, runParentWeeklyDigest } from './guardian-jobs.ts';
import { runDailyQuizReminders } from '../daily-quiz/reminders.ts';

// The scheduled reminders (docs/product-notifications.md, "Reminders"). Each reminder has a key
// (kind, subject, stage) in notification_sends, inserted in the same transaction as its messages:
// a second run, a restart or a second instance finds the key taken and sends nothing.

export type { JobResult } from '../messaging/job-result.ts';

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
/** Whole calendar days (IST) from `from` to `to`. */
export const daysBetween = (from: Date, to: Date) => dayNumber(indiaDayOf(to)) - dayNumber(indiaDayOf(from));

/** Fee reminders: three days before the due date, then on the day after it and weekly after that, at most 4 times. */
export const OVERDUE_REMINDERS = 4;
export function feeStage(dueDate: Date, now: Date): string | null {
  const d = daysBetween(now, dueDate);
  if (d === 3) return 'due-3';
  if (d <= -1) {
    // Days 1-7 after the due date are the first reminder's week, 8-14 the second's, and so on: a run
    // missed on the day (the server was down) still sends that week's reminder, once.
    const k = Math.floor((-d - 1) / 7) + 1;
    return k <= OVERDUE_REMINDERS ? `overdue-${k}` : null;
  }
  return null;
}

export const runFeeReminders: Job = async (ctx, now) => {
  const dues = await findInstallmentDues(ctx, now);
  const payUrl = `${ctx.config.publicUrl}/student/payments`;
  // Only a student with a guardian's parent account takes a guardian key (a reminder nobody gets is none).
  const guarded = await withGuardians(
    ctx.db,
    dues.map((d) => d.studentId),
  );
  const results = [];
  for (const due of dues) {
    const stage = feeStage(due.dueDate, now);
    if (!stage) continue;
    results.push(
      await once(ctx, { kind: 'fee', subjectId: `${due.admissionId}:${due.installmentNumber}`, stage }, async (tx) => {
        const [recipient] = await findRecipients(tx, [due.studentId]);
        if (!recipient) return [];
        const common = {
          name: recipient.firstName,
          course: due.courseName,
          installment: due.installmentNumber,
          amountPaise: due.amountPaise,
          dueDate: due.dueDate,
          payUrl,
        };
        const notice = stage === 'due-3' ? feeDueNotice(common) : feeOverdueNotice({ ...common, reminder: Number(stage.slice(8)) });
        return [{ recipient, notice }];
      }),
    );
    // The student's guardians too, on the channels each parent chose for fees, under the same key and
    // stage of their own (docs/product-parents.md "Alerts").
    if (!guarded.has(due.studentId)) continue;
    results.push(
      await once(ctx, { kind: 'fee-guardian', subjectId: `${due.admissionId}:${due.installmentNumber}`, stage }, (tx) =>
        guardianItems(tx, [due.studentId], 'fees', ({ child, parentName }) =>
          guardianFeeNotice({
            parent: parentName,
            child: child.name,
            course: due.courseName,
            installment: due.installmentNumber,
            amountPaise: due.amountPaise,
            dueDate: due.dueDate,
            reminder: stage === 'due-3' ? null : Number(stage.slice(8)),
          }),
        ),
      ),
    );
  }
  return finish(ctx, 'fee-reminders', now, results);
};

/** Every active student an exam's audience includes. */
async function audienceOf(db: Db | Tx, exam: typeof exams.$inferSelect) {
  const scopes = await findStudentScopes(db, eq(users.isActive, true));
  return [...scopes].filter(([, scope]) => isInAudience(exam, scope)).map(([id]) => id);
}

/** An exam whose window opens on tomorrow's date (IST): its audience is told today, once per opening date. */
export const runExamReminders: Job = async (ctx, now) => {
  const open = await ctx.db
    .select()
    .from(exams)
    .where(and(eq(exams.isActive, true), isNotNull(exams.opensAt)));
  const url = `${ctx.config.publicUrl}/student/dashboard`;
  const results = [];
  for (const exam of open) {
    if (!exam.opensAt || daysBetween(now, exam.opensAt) !== 1) continue;
    const opensAt = exam.opensAt;
    results.push(
      await once(ctx, { kind: 'exam-tomorrow', subjectId: exam.id, stage: indiaDayOf(opensAt) }, async (tx) => {
        const recipients = await findRecipients(tx, await audienceOf(tx, exam));
        return recipients.map((recipient) => ({
          recipient,
          notice: examTomorrowNotice({ name: recipient.firstName, exam: exam.title, opensAt, url }),
        }));
      }),
    );
  }
  return finish(ctx, 'exam-reminders', now, results);
};

/** Students marked absent from a class held today (IST): told once per class. */
export const runAttendanceAbsent: Job = async (ctx, now) => {
  const today = indiaDayOf(now);
  const absent = await ctx.db
    .select({
      sessionId: classSessions.id,
      studentId: attendance.studentId,
      subject: classSessions.subject,
      startTime: classSessions.startTime,
      date: classSessions.date,
      batch: batches.name,
    })
    .from(attendance)
    .innerJoin(classSessions, eq(classSessions.id, attendance.sessionId))
    .innerJoin(batches, eq(batches.id, classSessions.batchId))
    .where(and(eq(classSessions.date, today), eq(attendance.isPresent, false)));
  const results = [];
  for (const a of absent) {
    results.push(
      await once(ctx, { kind: 'absent-today', subjectId: `${a.sessionId}:${a.studentId}`, stage: a.date }, async (tx) => {
        const [recipient] = await findRecipients(tx, [a.studentId]);
        if (!recipient) return [];
        return [
          {
            recipient,
            notice: absentTodayNotice({ name: recipient.firstName, subject: a.subject, batch: a.batch, date: a.date, time: a.startTime }),
          },
        ];
      }),
    );
  }
  return finish(ctx, 'attendance-absent', now, results);
};

export const JOBS: Record<string, Job> = {
  'fee-reminders': runFeeReminders,
  'exam-reminders': runExamReminders,
  'attendance-absent': runAttendanceAbsent,
  // The admissions desk's morning digest (docs/product-admissions-desk.md, "Follow-ups").
  'enquiry-follow-ups': runEnquiryFollowUps,
  // The alerts to guardians (docs/product-parents.md "Alerts").
  'parent-absence-alerts': runParentAbsenceAlerts,
  'parent-weekly-digest': runParentWeeklyDigest,
  'daily-quiz-reminders': runDailyQuizReminders,
};

/**
 * Jobs the scheduler starts only from this hour of the day in India: the desk's digest is read with the
 * morning's first tea, not at midnight. Its once-a-day key makes the ticks after it harmless. Run on
 * demand (`POST /api/dev/jobs/{name}/run`), a job runs whatever the hour.
 */
export const JOB_FROM_HOUR_IST: Partial<Record<string, number>> = {
  'enquiry-follow-ups': 8,
  // Sunday evening (the job itself keeps to Sundays when scheduled).
  'parent-weekly-digest': 18,
  'daily-quiz-reminders': 19,
};

const IST_OFFSET_MS = 330 * 60_000;
/** The hour of the day in India (UTC+05:30, no daylight saving). */
export const hourInIndia = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();

/**
 * Runs every job now; in-process on an interval and once at start (main.ts). A job that fails is
 * logged and tried again at the next tick; the keys make a repeated run harmless.
 */
export function startNotificationJobs(ctx: Ctx, log: { warn: (o: object, m: string) => void }, intervalMs: number) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const [name, job] of Object.entries(JOBS)) {
        const now = new Date();
        if (hourInIndia(now) < (JOB_FROM_HOUR_IST[name] ?? 0)) continue;
        await job(ctx, now, { scheduled: true }).catch((err: Error) =>
          log.warn({ err: err.message, job: name }, 'notification job failed'),
        );
      }
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
