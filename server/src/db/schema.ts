import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { USER_ROLES } from '@app/common/permissions';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { courses } from './schema-site.ts';

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
    email: text('email'),
    phone: text('phone'),
    role: text('role', { enum: USER_ROLES }).notNull(),
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
    // Every account but a parent's has an e-mail; a parent's is found by its phone (docs/product-parents.md).
    check('users_email_unless_parent', sql`${t.email} is not null or ${t.role} = 'parent'`),
    uniqueIndex('users_parent_phone_key').on(t.phone).where(sql`${t.role} = 'parent'`),
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

// The other groups of tables live in their own files; everything is imported from here.
export * from './schema-site.ts';
export * from './schema-site-content.ts';
export * from './schema-enquiries.ts';
export * from './schema-parents.ts';
export * from './schema-exams.ts';
export * from './schema-payments.ts';
export * from './schema-batches.ts';
export * from './schema-results.ts';
export * from './schema-question-bank.ts';
export * from './schema-notifications.ts';
export * from './schema-regrade.ts';
export * from './schema-invoices.ts';
export * from './schema-staff.ts';
export * from './schema-nlu.ts';
export * from './schema-daily-quiz.ts';

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
export * from './schema-flashcards.ts';
