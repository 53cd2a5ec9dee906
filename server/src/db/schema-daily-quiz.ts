import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DailyQuizQuestion } from '@app/common/schemas/daily-quiz';
import { createdAt, id, marksColumn, ts, updatedAt } from './columns.ts';
import { users } from './schema.ts';

// The daily quiz (docs/product-daily-quiz.md): one short quiz for a day in India and an audience as an
// exam's (courses, batches, centres or all), its questions copied in (a bank question is copied when the
// quiz is made), and one submission per student. Re-exported by schema.ts.

export const dailyQuizzes = pgTable(
  'daily_quizzes',
  {
    id: id(),
    /** India's calendar day the quiz is for. */
    day: date('day', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<DailyQuizQuestion[]>().notNull(),
    negativeMarks: marksColumn('negative_marks').notNull().default(0),
    audienceCourseIds: uuid('audience_course_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceBatchIds: uuid('audience_batch_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceCentreIds: text('audience_centre_ids').array().notNull().default(sql`'{}'::text[]`),
    openToAll: boolean('open_to_all').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('daily_quizzes_day_idx').on(t.day)],
);

export const dailyQuizSubmissions = pgTable(
  'daily_quiz_submissions',
  {
    id: id(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => dailyQuizzes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The quiz's day, kept here: the streak and the leaderboard count by it. */
    day: date('day', { mode: 'string' }).notNull(),
    answers: jsonb('answers').$type<Record<string, number | null>>().notNull(),
    score: marksColumn('score').notNull(),
    /** Seconds, as the student's page measured them; null when not sent. */
    timeTaken: integer('time_taken'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_quiz_submissions_once').on(t.quizId, t.studentId),
    index('daily_quiz_submissions_student_day_idx').on(t.studentId, t.day),
  ],
);
