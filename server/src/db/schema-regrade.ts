import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { exams, questions, users } from './schema.ts';

// Answer-key objections and regrade (docs/product-regrade.md). Re-exported by schema.ts (drizzle-kit
// reads that file); the references are functions, so the import cycle is safe.

/** When students of an exam may object to its answer key; no row: no window. */
export const examObjectionWindows = pgTable('exam_objection_windows', {
  examId: uuid('exam_id')
    .primaryKey()
    .references(() => exams.id, { onDelete: 'cascade' }),
  opensAt: ts('opens_at').notNull(),
  closesAt: ts('closes_at').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One student's objection to one question's key: at most one per student and question. */
export const examObjections = pgTable(
  'exam_objections',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exam_objections_question_student_key').on(t.questionId, t.studentId),
    index('exam_objections_exam_idx').on(t.examId),
  ],
);

/**
 * The admin's current decision on a question's key; no row: keep. `originalAnswer` is the key the
 * paper was set with, kept from the first decision so marks are always recomputed from it.
 */
export const questionKeyDecisions = pgTable(
  'question_key_decisions',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['keep', 'changeKey', 'acceptAny', 'drop'] }).notNull(),
    correctAnswer: integer('correct_answer'),
    acceptedAnswers: jsonb('accepted_answers').$type<number[]>(),
    dropMode: text('drop_mode', { enum: ['awardAll', 'removeFromTotal'] }),
    originalAnswer: integer('original_answer'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at').notNull().defaultNow(),
  },
  (t) => [index('question_key_decisions_exam_idx').on(t.examId)],
);
