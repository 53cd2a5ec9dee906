import { z } from 'zod';
import { blankAsMissing, blankToUndefined } from './fields.ts';

// The audit trail of admin actions on money, marks, accounts and admissions (docs/security-verification.md), read by admins.

/** What an entry can be about; the labels are what the admin page shows. */
export const AUDIT_ENTITIES = {
  payment: 'Payment',
  submission: 'Submission',
  exam: 'Exam',
  user: 'Account',
  admission_request: 'Admission',
  course: 'Course',
  announcement: 'Announcement',
  coupon: 'Coupon',
  institute: 'Institute settings',
  centre: 'Centre',
  enquiry: 'Enquiry',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
const ENTITY_KEYS = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 100;

const positiveInt = (fallback: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(1_000_000, 'Too large')
      .default(fallback)
      .transform((v) => Math.min(v, max)),
  );

/** GET /api/audit: newest first, paged, optionally filtered by entity (and one record of it) and by actor. */
export const auditListQuery = z.object({
  entity: blankAsMissing(z.enum(ENTITY_KEYS, { error: 'Unknown entity' }).optional()),
  entityId: blankAsMissing(z.string().trim().max(100, 'Too long').optional()),
  actorId: blankAsMissing(z.uuid({ error: 'Unknown actor' }).optional()),
  page: positiveInt(1, 1_000_000),
  limit: positiveInt(AUDIT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE),
});
export type AuditListParams = z.input<typeof auditListQuery>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Who: null id for the system (a gateway callback, a sweeper) or an account deleted since. */
  actor: z.object({ _id: z.string().nullable(), label: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** What the record is called today (a person's name, a course or exam title); null when it is gone. */
  entityName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponse = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
  /** Everyone who has an entry, for the actor filter. */
  actors: z.array(z.object({ _id: z.string(), label: z.string() })),
});
export type AuditList = z.infer<typeof auditListResponse>;
