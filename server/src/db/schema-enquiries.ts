import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ACTIVITY_KINDS, ENQUIRY_SOURCES, ENQUIRY_STAGES, LOST_REASONS } from '@app/common/schemas/enquiries';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { admissionRequests, courses } from './schema-site.ts';
import { centres, users } from './schema.ts';

// The admissions desk (docs/product-admissions-desk.md): every enquiry before an admission, from the
// contact page, the desk, and later the free mock and the NLU helper; and what was done about it.
// Re-exported by schema.ts.

export const enquiries = pgTable(
  'enquiries',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The phone's 10 digits (the phone rule, common/schemas/fields.ts): how a second enquiry finds the first. */
    phoneDigits: text('phone_digits'),
    email: text('email'),
    classYear: text('class_year'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    centreId: text('centre_id').references(() => centres.id),
    /** The visitor's own words (the contact page); '' for an enquiry typed at the desk. */
    message: text('message').notNull().default(''),
    /** The desk's notes. */
    notes: text('notes').notNull().default(''),
    source: text('source', { enum: ENQUIRY_SOURCES }).notNull().default('contact_page'),
    stage: text('stage', { enum: ENQUIRY_STAGES }).notNull().default('new'),
    lostReason: text('lost_reason', { enum: LOST_REASONS }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** India's calendar day of the next call or visit. */
    nextFollowUp: date('next_follow_up', { mode: 'string' }),
    // When the enquiry first reached each stage: the funnel counts from these (a later stage implies the
    // earlier ones, so a stage skipped at the desk still counts as passed).
    contactedAt: ts('contacted_at'),
    counsellingBookedAt: ts('counselling_booked_at'),
    visitedAt: ts('visited_at'),
    appliedAt: ts('applied_at'),
    admittedAt: ts('admitted_at'),
    lostAt: ts('lost_at'),
    /** The admission request it became, and the student on approval. */
    admissionRequestId: uuid('admission_request_id').references(() => admissionRequests.id, { onDelete: 'set null' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'set null' }),
    /** The last call, visit, note or change: an open enquiry untouched for 7 days is flagged. */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('enquiries_created_idx').on(t.createdAt),
    index('enquiries_phone_idx').on(t.phoneDigits),
    index('enquiries_email_idx').on(sql`lower(${t.email})`),
    index('enquiries_follow_up_idx').on(t.nextFollowUp),
    index('enquiries_centre_stage_idx').on(t.centreId, t.stage),
  ],
);

/** A call, visit, WhatsApp message or note on an enquiry, and the desk's own entries (created, merged, stage). */
export const enquiryActivities = pgTable(
  'enquiry_activities',
  {
    id: id(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: [...ACTIVITY_KINDS, 'stage', 'created', 'merged'] }).notNull(),
    outcome: text('outcome').notNull(),
    nextFollowUp: date('next_follow_up', { mode: 'string' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('enquiry_activities_enquiry_idx').on(t.enquiryId, t.createdAt)],
);
