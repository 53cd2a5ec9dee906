import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { exams, questions, submissions, users } from './schema.ts';

// Ranks, percentiles and the figures the analysis compares against (docs/product-results.md).
// Re-exported by schema.ts (drizzle-kit reads that file); the references are functions, so the
// import cycle is safe.

/** What every candidate's analysis compares with, computed with the ranks. */
export type ExamRankingStats = {
  average: number;
  topper: number;
  top10Average: number;
  /** Per section id: the mean and the best section score of all candidates. */
  sections: Record<string, { average: number; topper: number }>;
  /** Per question id: percent of candidates whose answer earned full marks. */
  percentCorrect: Record<string, number>;
};

/** One row per ranked exam: when its ranks were computed, from which version of the exam, and whether a submission changed since. */
export const examRankings = pgTable('exam_rankings', {
  examId: uuid('exam_id')
    .primaryKey()
    .references(() => exams.id, { onDelete: 'cascade' }),
  /** The exam's version (its last edit and tie-break) the ranks were computed from. */
  fingerprint: text('fingerprint').notNull(),
  /**
   * Set by the database when any submission of the exam is added, changed or removed after the ranks were
   * computed (the trigger in migration 0020), so a reader knows without counting the submissions.
   */
  stale: boolean('stale').notNull().default(false),
  candidates: integer('candidates').notNull(),
  stats: jsonb('stats').$type<ExamRankingStats>().notNull(),
  computedAt: ts('computed_at').notNull().defaultNow(),
});

/** A submission's place among its exam's candidates. */
export const submissionRanks = pgTable(
  'submission_ranks',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    percentile: doublePrecision('percentile').notNull(),
    /** Marks per section id. */
    sectionScores: jsonb('section_scores').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('submission_ranks_exam_idx').on(t.examId, t.rank)],
);

/** A question a student keeps for revision, with an optional note. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.questionId] })],
);
