import { addDays, indiaDayOf, instantInIndia } from '@app/common/rules/dates';
import { weekOf } from '@app/common/rules/class-dates';
import { areMarksVisible } from '@app/common/rules/publication';
import { and, asc, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { attendance, classSessions, exams, studentGuardians, submissions, users } from '../../db/schema.ts';
import { type DigestChild, guardianAbsenceNotice, guardianDigestNotice } from '../messaging/guardian-notices.ts';
import { findRecipients, once } from '../messaging/service.ts';
import { findParentChannels } from '../guardians/preferences-store.ts';
import { findInstallmentDues } from './dues.ts';
import { guardianItems, withGuardians } from '../guardians/recipients.ts';
import { finish, type Job } from '../messaging/job-result.ts';

// The guardians' scheduled alerts (docs/product-parents.md "Alerts"), keyed in notification_sends like the
// student's reminders (jobs.ts): a second run, a restart or a second instance sends nothing more.

const IST_OFFSET_MS = 330 * 60_000;
const inIndia = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS);

/**
 * From this hour (IST) the day's absences go out even if a class of the day still has no attendance:
 * a teacher who never marks an evening class does not hold back the morning's absence.
 */
export const ABSENCE_ALERT_LATEST_HOUR_IST = 20;

/**
 * A child marked absent from classes today (IST): one message a day listing them, to each guardian on the
 * channels they chose for absences. Scheduled, it waits until every class of the day in the child's batch
 * has its attendance taken (or the evening, above); run on demand it sends what is marked now.
 */
export const runParentAbsenceAlerts: Job = async (ctx, now, opts = {}) => {
  const today = indiaDayOf(now);
  const absent = await ctx.db
    .select({
      studentId: attendance.studentId,
      batchId: classSessions.batchId,
      subject: classSessions.subject,
      startTime: classSessions.startTime,
    })
    .from(attendance)
    .innerJoin(classSessions, eq(classSessions.id, attendance.sessionId))
    .where(and(eq(classSessions.date, today), eq(attendance.isPresent, false)))
    .orderBy(asc(classSessions.startTime));
  const guarded = await withGuardians(
    ctx.db,
    absent.map((a) => a.studentId),
  );
  let waiting = new Set<string>();
  if (opts.scheduled && inIndia(now).getUTCHours() < ABSENCE_ALERT_LATEST_HOUR_IST && absent.length > 0) {
    const unmarked = await ctx.db
      .select({ batchId: classSessions.batchId })
      .from(classSessions)
      .where(and(eq(classSessions.date, today), isNull(classSessions.attendanceMarkedAt)));
    waiting = new Set(unmarked.map((u) => u.batchId));
  }
  const byStudent = new Map<string, typeof absent>();
  for (const a of absent) {
    if (!guarded.has(a.studentId)) continue;
    byStudent.set(a.studentId, [...(byStudent.get(a.studentId) ?? []), a]);
  }
  const results = [];
  for (const [studentId, classes] of byStudent) {
    if (classes.some((c) => waiting.has(c.batchId))) continue;
    results.push(
      await once(ctx, { kind: 'guardian-absence', subjectId: studentId, stage: today }, (tx) =>
        guardianItems(tx, [studentId], 'absence', ({ child, parentName }) =>
          guardianAbsenceNotice({
            parent: parentName,
            child: child.name,
            date: today,
            classes: classes.map((c) => ({ subject: c.subject, time: c.startTime })),
          }),
        ),
      ),
    );
  }
  return finish(ctx, 'parent-absence-alerts', now, results);
};

const child = alias(users, 'child');
const parent = alias(users, 'parent');

/**
 * The weekly digest (Sunday evening IST; scheduled, only on a Sunday): once per ISO week per parent, each
 * child's attendance of the week, the mocks sat and their published scores, and the fees due by now.
 */
export const runParentWeeklyDigest: Job = async (ctx, now, opts = {}) => {
  if (opts.scheduled && inIndia(now).getUTCDay() !== 0) return finish(ctx, 'parent-weekly-digest', now, []);
  const week = weekOf(indiaDayOf(now));
  const links = await ctx.db
    .selectDistinct({ parentId: studentGuardians.parentId, studentId: studentGuardians.studentId })
    .from(studentGuardians)
    .innerJoin(child, and(eq(child.id, studentGuardians.studentId), eq(child.role, 'student'), eq(child.isActive, true)))
    .innerJoin(parent, and(eq(parent.id, studentGuardians.parentId), eq(parent.isActive, true)));
  const childrenOf = new Map<string, string[]>();
  for (const l of links) {
    if (!l.parentId) continue;
    childrenOf.set(l.parentId, [...new Set([...(childrenOf.get(l.parentId) ?? []), l.studentId])]);
  }
  if (childrenOf.size === 0) return finish(ctx, 'parent-weekly-digest', now, []);
  const dues = await findInstallmentDues(ctx, now);
  const dueBy = (studentId: string) =>
    dues.filter((d) => d.studentId === studentId && d.dueDate.getTime() <= now.getTime()).reduce((sum, d) => sum + d.amountPaise, 0);

  const results = [];
  for (const [parentId, childIds] of childrenOf) {
    results.push(
      await once(ctx, { kind: 'guardian-digest', subjectId: parentId, stage: week.from }, async (tx) => {
        const [recipient] = await findRecipients(tx, [parentId]);
        if (!recipient) return [];
        const channels = (await findParentChannels(tx, [parentId])).get(parentId)?.digest ?? [];
        const from = instantInIndia(week.from, '00:00');
        const to = instantInIndia(addDays(week.to, 1), '00:00');
        // One after another: a transaction's one connection takes one query at a time.
        const kids = await tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, childIds))
          .orderBy(asc(users.firstName));
        const marks = await tx
          .select({ studentId: attendance.studentId, isPresent: attendance.isPresent })
          .from(attendance)
          .innerJoin(classSessions, eq(classSessions.id, attendance.sessionId))
          .where(and(inArray(attendance.studentId, childIds), gte(classSessions.date, week.from), lte(classSessions.date, week.to)));
        const sat = await tx
          .select({
            studentId: submissions.studentId,
            title: exams.title,
            resultsPublished: exams.resultsPublished,
            status: submissions.status,
            marksObtained: submissions.marksObtained,
            totalMarks: submissions.totalMarks,
          })
          .from(submissions)
          .innerJoin(exams, eq(exams.id, submissions.examId))
          .where(and(inArray(submissions.studentId, childIds), gte(submissions.submittedAt, from), lt(submissions.submittedAt, to)))
          .orderBy(asc(submissions.submittedAt));
        const children: DigestChild[] = kids.map((k) => {
          const mine = marks.filter((m) => m.studentId === k.id);
          return {
            name: `${k.firstName} ${k.lastName}`.trim(),
            held: mine.length,
            present: mine.filter((m) => m.isPresent).length,
            // A score only once the exam's results are out (common/rules/publication.ts), never before.
            exams: sat
              .filter((s) => s.studentId === k.id)
              .map((s) => ({
                title: s.title,
                score: areMarksVisible(s, s) ? `${s.marksObtained}/${s.totalMarks}` : null,
              })),
            duePaise: dueBy(k.id),
          };
        });
        const notice = guardianDigestNotice({ parent: `${recipient.firstName} ${recipient.lastName}`.trim(), weekOf: week.from, children });
        return [{ recipient, notice, channels }];
      }),
    );
  }
  return finish(ctx, 'parent-weekly-digest', now, results);
};
