import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FeePlan } from '@app/common/rules/fee-plans';
import { createdAt, id, marksColumn, ts, updatedAt } from './columns.ts';
import { markedAnswersColumn } from './marked-answers.ts';

export const centres = pgTable('centres', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  facilities: jsonb('facilities').$type<string[]>().notNull().default([]),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['admin', 'centre_manager', 'faculty', 'accountant', 'student'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    registrationNumber: text('registration_number'),
    isActive: boolean('is_active').notNull().default(true),
    courseInterest: text('course_interest'),
    education: text('education'),
    centreId: text('centre_id').references(() => centres.id),
    batchId: uuid('batch_id').references(() => batches.id),
    tokenVersion: integer('token_version').notNull().default(0),
    lastLogin: ts('last_login'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_registration_number_key').on(t.registrationNumber),
    index('users_role_idx').on(t.role, t.createdAt),
    index('users_batch_idx').on(t.batchId),
  ],
);

/** A course taught at a centre in an academic year at a time of day (docs/product.md section 4). */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    name: text('name').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    centreId: text('centre_id')
      .notNull()
      .references(() => centres.id),
    academicYear: text('academic_year').notNull(),
    timing: text('timing', { enum: ['MORNING', 'EVENING', 'WEEKEND'] }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The import names a batch by its name, so a name is one batch.
  (t) => [uniqueIndex('batches_name_key').on(sql`lower(${t.name})`), index('batches_course_centre_idx').on(t.courseId, t.centreId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/**
 * Failed sign-ins, counted per e-mail and address (`address` is the client's) and per e-mail over all
 * addresses (`address` = '*'). Keyed by the e-mail typed, whether or not it has an account, so a lock
 * says nothing about who has one. `trusted`: this address has signed in to this e-mail before.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: ts('locked_until'),
    trusted: boolean('trusted').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);

/** Tokens signed out before they expire (logout); a row can go once its token has expired. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

export const courses = pgTable('courses', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
  feeType: text('fee_type', { enum: ['full', 'monthly'] })
    .notNull()
    .default('full'),
  category: text('category').notNull().default(''),
  duration: text('duration').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  /** How the fee is paid: installments and their due dates (docs/product.md section 11, "Fee plans"). */
  feePlan: jsonb('fee_plan').$type<FeePlan>().notNull().default({ installments: 4 }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    type: text('type', {
      enum: ['notice', 'announcement', 'exam_schedule', 'holiday', 'admission', 'other'],
    })
      .notNull()
      .default('announcement'),
    targetAudience: text('target_audience', { enum: ['all', 'students', 'admin'] })
      .notNull()
      .default('all'),
    publishDate: ts('publish_date').notNull().defaultNow(),
    expiryDate: ts('expiry_date'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_public_idx').on(t.isActive, t.publishDate)],
);

/** Images uploaded by an admin for formatted text (passages, questions, options). */
export const uploads = pgTable('uploads', {
  id: id(),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const galleryImages = pgTable('gallery_images', {
  id: id(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export type ApplicationDetails = {
  batchPreference?: string;
  lastQualification?: string;
  institution?: string;
  yearOfPassing?: number;
  percentage?: number;
  emergencyContactName?: string;
  emergencyContactRelation?: string;
  emergencyContactPhone?: string;
};

export const admissionRequests = pgTable(
  'admission_requests',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    education: text('education').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    centreId: text('centre_id')
      .notNull()
      .references(() => centres.id),
    reason: text('reason').notNull(),
    application: jsonb('application').$type<ApplicationDetails>(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    adminNotes: text('admin_notes'),
    /** The admin wrote adminNotes for the applicant: only then do they reach the applicant (mail, status lookup). */
    noteIsForApplicant: boolean('note_is_for_applicant').notNull().default(false),
    admissionNumber: text('admission_number'),
    batchYear: text('batch_year'),
    /** The course fee at approval (paise): what the student owes, whatever the course's price later (docs/product.md section 11). */
    feePaise: bigint('fee_paise', { mode: 'number' }),
    /** The course's fee plan at approval: the student's schedule, whatever the course's plan later (docs/product.md section 11). */
    feePlan: jsonb('fee_plan').$type<FeePlan>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    rejectedAt: ts('rejected_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // A second pending request with the same e-mail is refused (docs/product.md section 2).
    uniqueIndex('admission_requests_pending_email_key').on(t.email).where(sql`status = 'pending'`),
    uniqueIndex('admission_requests_number_key').on(t.admissionNumber),
    index('admission_requests_status_idx').on(t.status, t.createdAt),
    index('admission_requests_email_idx').on(t.email, t.createdAt),
    index('admission_requests_user_idx').on(t.userId),
  ],
);

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

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Counters for per-account rate limits (forgot-password), shared by every instance through the database. */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: ts('reset_at').notNull(),
});

// The money tables live in their own file; everything is imported from here.
export * from './schema-payments.ts';
export * from './schema-batches.ts';
export * from './schema-results.ts';
export * from './schema-question-bank.ts';
export * from './schema-notifications.ts';
export * from './schema-regrade.ts';
export * from './schema-invoices.ts';
export * from './schema-staff.ts';

/** The institute's profile: one row, id 'institute' (docs/product.md section 15). */
export const instituteSettings = pgTable('institute_settings', {
  id: text('id').primaryKey().default('institute'),
  name: text('name').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  phones: jsonb('phones').$type<string[]>().notNull().default([]),
  email: text('email'),
  gstin: text('gstin'),
  pan: text('pan'),
  sac: text('sac').notNull().default('999293'),
  gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(18),
  invoicePrefix: text('invoice_prefix').notNull().default('LCI'),
  facebook: text('facebook'),
  instagram: text('instagram'),
  youtube: text('youtube'),
  whatsapp: text('whatsapp'),
  // The logo's storage key (lib/storage.ts) and its type, judged by its content; null when none.
  logoKey: text('logo_key'),
  logoContentType: text('logo_content_type'),
  updatedAt: ts('updated_at'),
});
export * from './schema-materials.ts';
