import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FeePlan } from '@app/common/rules/fee-plans';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { siteImages } from './schema-site-content.ts';
import { centres, users } from './schema.ts';

// Courses, announcements, uploaded images, the gallery and admission requests: what the public site shows
// and takes in. Re-exported by schema.ts (drizzle-kit reads that file); the references are functions, so
// the import cycle is safe.

export const courses = pgTable('courses', {
  id: id(),
  name: text('name').notNull(),
  /**
   * The course page's address, /courses/{slug}: from the name on create (courses/service.ts), unique,
   * editable (docs/product-site.md). A row written around the service (a test's fixture) gets a unique one.
   */
  slug: text('slug')
    .notNull()
    .unique()
    .$defaultFn(() => `course-${randomUUID()}`),
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

/**
 * The gallery. `title` is the caption; `storageKey` the full-size file (served at /api/gallery/files/{key}),
 * `imageId` its resized copies (null for an image stored before copies were made, until the start-up
 * makes them: db/seed.ts); a hidden image stays in the editor only.
 */
export const galleryImages = pgTable('gallery_images', {
  id: id(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  imageId: uuid('image_id').references(() => siteImages.id, { onDelete: 'set null' }),
  hidden: boolean('hidden').notNull().default(false),
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
    /** The parent or guardian (1 or 2) the forms ask for (docs/product-parents.md); on approval they become the student's guardians. */
    guardians: jsonb('guardians').$type<{ name: string; relation: string; phone?: string; email?: string }[]>(),
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
