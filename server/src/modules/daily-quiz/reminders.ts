import { and, eq, inArray } from 'drizzle-orm';
import { INSTITUTE_NAME as INSTITUTE } from '@app/common/constants';
import { indiaDayOf } from '@app/common/rules/dates';
import { dailyQuizSubmissions, dailyQuizzes, users } from '../../db/schema.ts';
import { findStudentScopes } from '../exam-taking/audience.ts';
import type { Notice } from '../messaging/notices.ts';
import { findRecipients, once } from '../messaging/service.ts';
import { finish, type Job } from '../messaging/job-result.ts';
import { quizIncludes } from './service.ts';

// The evening reminder (docs/product-daily-quiz.md, "Reminder"): from 19:00 IST (JOB_FROM_HOUR_IST), each
// student in the audience of a quiz of today who has not taken it is told once that day on their channels.
// The key (daily-quiz, student, day) in notification_sends makes every later tick send nothing.

export function dailyQuizNotice(p: { name: string; url: string }): Notice {
  return {
    kind: 'daily-quiz',
    subject: `${INSTITUTE}: today's daily quiz is waiting`,
    lines: [`Dear ${p.name},`, '', "You have not taken today's daily quiz yet. It takes a few minutes:", p.url, '', INSTITUTE],
    short: `${INSTITUTE}: Dear ${p.name}, today's daily quiz is waiting for you. Keep your streak going!`,
    template: { name: 'daily_quiz_reminder', params: [p.name] },
  };
}

export const runDailyQuizReminders: Job = async (ctx, now) => {
  const today = indiaDayOf(now);
  const quizzes = await ctx.db.select().from(dailyQuizzes).where(eq(dailyQuizzes.day, today));
  if (quizzes.length === 0) return finish(ctx, 'daily-quiz-reminders', now, []);
  const scopes = await findStudentScopes(ctx.db, eq(users.isActive, true));
  const taken = await ctx.db
    .select({ studentId: dailyQuizSubmissions.studentId })
    .from(dailyQuizSubmissions)
    .where(
      and(
        eq(dailyQuizSubmissions.day, today),
        inArray(
          dailyQuizSubmissions.quizId,
          quizzes.map((q) => q.id),
        ),
      ),
    );
  const done = new Set(taken.map((t) => t.studentId));
  const url = `${ctx.config.publicUrl}/student/daily-quiz`;
  const results = [];
  for (const [studentId, scope] of scopes) {
    if (done.has(studentId) || !quizzes.some((q) => quizIncludes(q, scope))) continue;
    results.push(
      await once(ctx, { kind: 'daily-quiz', subjectId: studentId, stage: today }, async (tx) => {
        const recipients = await findRecipients(tx, [studentId]);
        return recipients.map((recipient) => ({ recipient, notice: dailyQuizNotice({ name: recipient.firstName, url }) }));
      }),
    );
  }
  return finish(ctx, 'daily-quiz-reminders', now, results);
};
