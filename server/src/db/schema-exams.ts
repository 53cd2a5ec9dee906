import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, marksColumn, ts, updatedAt } from './columns.ts';
import { markedAnswersColumn } from './marked-answers.ts';
import { courses, users } from './schema.ts';

// Exams, their sections, passages and questions, attempts, per-student overrides and submissions.
// Re-exported by schema.ts (drizzle-kit reads that file); the references are functions, so the import
// cycle is safe.

export type QuestionType = 'mcq' | 'descriptive';

export const exams = pgTable(
  'exams',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    durationMinutes: integer('duration_minutes').notNull(),
    totalMarks: marksColumn('total_marks').notNull(),
    // Null only for a ranked mock without a pass mark (docs/product.md section 5).
    passingMarks: marksColumn('passing_marks'),
    /** Marks deducted for a wrong MCQ answer unless the question carries its own penalty. */
    negativeMarks: marksColumn('negative_marks').notNull().default(0),
    resultMode: text('result_mode', { enum: ['grade', 'rank'] })
      .notNull()
      .default('grade'),
    /** A section title: equal totals are ordered by that section's marks before sharing a rank. */
    tieBreakSection: text('tie_break_section'),
    /** When a student may read the solutions: with the published results, or never. */
    solutionsRelease: text('solutions_release', { enum: ['with_results', 'never'] })
      .notNull()
      .default('with_results'),
    instructions: jsonb('instructions').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    resultsPublished: boolean('results_published').notNull().default(false),
    resultsPublishedAt: ts('results_published_at'),
    /** Who may take it (docs/product-batches.md, "Exam scheduling"): any of these courses, batches or centres, or everyone. */
    audienceCourseIds: uuid('audience_course_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceBatchIds: uuid('audience_batch_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceCentreIds: text('audience_centre_ids').array().notNull().default(sql`'{}'::text[]`),
    openToAll: boolean('open_to_all').notNull().default(false),
    /** The window in which an attempt may start; null: no limit on that side. */
    opensAt: ts('opens_at'),
    closesAt: ts('closes_at'),
    /** A practice exam is unranked and may be attempted again; each attempt keeps its submission. */
    mode: text('mode', { enum: ['ranked', 'practice'] })
      .notNull()
      .default('ranked'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('exams_course_idx').on(t.courseId)],
);

/** A block of the paper (English, Legal Reasoning, ...), in paper order. */
export const examSections = pgTable(
  'exam_sections',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions'),
  },
  (t) => [index('exam_sections_exam_idx').on(t.examId, t.position)],
);

/** A passage (or a data set) that several questions of one section are built on. */
export const examPassages = pgTable(
  'exam_passages',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => examSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('exam_passages_exam_idx').on(t.examId, t.position)],
);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    /** Paper order across the whole exam: section by section, a section's passage questions first. */
    position: integer('position').notNull(),
    sectionId: uuid('section_id').references(() => examSections.id, { onDelete: 'set null' }),
    passageId: uuid('passage_id').references(() => examPassages.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['mcq', 'descriptive'] })
      .notNull()
      .default('mcq'),
    question: text('question').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    correctAnswer: integer('correct_answer'),
    marks: marksColumn('marks').notNull().default(1),
    /** Null: the exam's penalty applies. */
    negativeMarks: marksColumn('negative_marks'),
    explanation: text('explanation'),
    /** The bank question (and its version) this question was copied from (docs/product-question-bank.md). */
    bankQuestionId: uuid('bank_question_id'),
    bankVersion: integer('bank_version'),
  },
  (t) => [index('questions_exam_idx').on(t.examId, t.position), index('questions_bank_idx').on(t.bankQuestionId)],
);

export type AttemptAnswers = Record<string, number | string | null>;

export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull().defaultNow(),
    deadline: ts('deadline').notNull(),
    answers: jsonb('answers').$type<AttemptAnswers>().notNull().default({}),
    /** Question ids the student marked for review. */
    review: jsonb('review').$type<string[]>().notNull().default([]),
    /** Seconds spent per question id, as counted by the browser and capped by the server. */
    timeSpent: jsonb('time_spent').$type<Record<string, number>>().notNull().default({}),
    /** The question the student is on, so a reload or another device resumes there. */
    currentQuestion: text('current_question'),
    savedAt: ts('saved_at'),
    closedAt: ts('closed_at'),
    /** 1 for the first attempt; a practice re-attempt starts this row again with the next number. */
    attemptNumber: integer('attempt_number').notNull().default(1),
  },
  (t) => [
    uniqueIndex('exam_attempts_exam_student_key').on(t.examId, t.studentId),
    index('exam_attempts_open_idx').on(t.deadline).where(sql`closed_at is null`),
  ],
);

/** An exception for one student on one exam: extra minutes, or a reopened attempt (audited). */
export const examOverrides = pgTable(
  'exam_overrides',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    reopen: boolean('reopen').notNull().default(false),
    deletedSubmission: boolean('deleted_submission').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('exam_overrides_exam_student_idx').on(t.examId, t.studentId)],
);

export type { SubmissionAnswer } from './marked-answers.ts';

export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: markedAnswersColumn('answers'),
    marksObtained: marksColumn('marks_obtained').notNull().default(0),
    totalMarks: marksColumn('total_marks').notNull(),
    correctAnswers: integer('correct_answers').notNull().default(0),
    incorrectAnswers: integer('incorrect_answers').notNull().default(0),
    unattempted: integer('unattempted').notNull().default(0),
    status: text('status', { enum: ['SUBMITTED', 'EVALUATED', 'PENDING'] })
      .notNull()
      .default('SUBMITTED'),
    isPassed: boolean('is_passed'),
    feedback: text('feedback'),
    clientStartTime: ts('client_start_time'),
    clientEndTime: ts('client_end_time'),
    startedAt: ts('started_at').notNull(),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    totalTimeTaken: integer('total_time_taken').notNull().default(0),
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    evaluatedBy: uuid('evaluated_by').references(() => users.id, { onDelete: 'set null' }),
    evaluatedAt: ts('evaluated_at'),
    /** The attempt it closed: always 1 on a ranked exam, 1, 2, ... on a practice exam. */
    attemptNumber: integer('attempt_number').notNull().default(1),
  },
  (t) => [
    // One submission per attempt: one per student on a ranked exam (docs/product.md section 10).
    uniqueIndex('submissions_exam_student_attempt_key').on(t.examId, t.studentId, t.attemptNumber),
    index('submissions_student_idx').on(t.studentId, t.submittedAt),
    index('submissions_submitted_idx').on(t.submittedAt),
  ],
);
