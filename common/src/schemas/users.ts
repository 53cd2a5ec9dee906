import { z } from 'zod';
import { CENTRE_IDS, STUDENT_SORT_KEYS } from '../constants.ts';
import { userSchema } from './auth.ts';
import { blankAsMissing, positiveInt } from './fields.ts';

// The admin's student management (docs/product.md section 2 "Admin student list", "Student detail"; section 7 users calls).

export const STUDENT_LIST_DEFAULT_LIMIT = 20;
export const STUDENT_LIST_MAX_LIMIT = 100;
export const STUDENT_STATUSES = ['active', 'inactive'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type StudentSortKey = (typeof STUDENT_SORT_KEYS)[number];

export const USER_MSG = {
  notFound: 'Student Not Found',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdmin: 'The institute must keep at least one active admin: add or activate another admin first.',
  activated: 'Student account activated',
  deactivated: 'Student account deactivated',
  resetSent: (email: string) => `Password reset email sent to ${email}`,
  resetNotSent: (email: string) =>
    `The password was reset, but the email to ${email} could not be sent yet. It will be retried automatically.`,
  deleted: (name: string) => `${name} has been successfully deleted from the system.`,
} as const;

const optionalText = (max: number) => blankAsMissing(z.string().trim().max(max).optional());

/**
 * GET /api/users and /api/users/export.csv. Filtering, sorting and paging happen on the server.
 * A limit above 100 is lowered to 100.
 */
export const studentListQuery = z.object({
  role: blankAsMissing(z.enum(['student', 'admin'], { error: 'Role must be student or admin' }).default('student')),
  search: optionalText(200),
  status: blankAsMissing(z.enum(STUDENT_STATUSES, { error: 'Status must be active or inactive' }).optional()),
  /** A course name (the students' course interest). */
  course: optionalText(200),
  centre: blankAsMissing(z.enum(CENTRE_IDS, { error: 'Unknown centre' }).optional()),
  /** A batch id: its students only. */
  batch: blankAsMissing(z.uuid({ error: 'Unknown batch' }).optional()),
  sort: blankAsMissing(z.enum(STUDENT_SORT_KEYS, { error: 'Unknown sort key' }).default('name')),
  order: blankAsMissing(z.enum(SORT_ORDERS, { error: 'Order must be asc or desc' }).default('asc')),
  page: positiveInt(1),
  limit: positiveInt(STUDENT_LIST_DEFAULT_LIMIT).transform((v) => Math.min(v, STUDENT_LIST_MAX_LIMIT)),
});
export type StudentListQuery = z.output<typeof studentListQuery>;
export type StudentListParams = z.input<typeof studentListQuery>;

export const studentListItemSchema = userSchema.extend({
  examsTaken: z.number(),
  /** Percent of summed marks over summed totals of the student's submissions; null when none. */
  averageScore: z.number().nullable(),
});
export type StudentListItem = z.infer<typeof studentListItemSchema>;

export const studentStatsSchema = z.object({
  totalStudents: z.number(),
  activeStudents: z.number(),
  coursesOffered: z.number(),
  activeCentres: z.number(),
  centreDistribution: z.array(z.object({ centre: z.string(), name: z.string(), count: z.number() })),
  courseDistribution: z.array(z.object({ course: z.string(), count: z.number(), averageScore: z.number().nullable() })),
});
export type StudentStats = z.infer<typeof studentStatsSchema>;

export const studentListResponse = z.object({
  users: z.array(studentListItemSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  /** Over every student, whatever the filters. */
  stats: studentStatsSchema,
});
export type StudentListAnswer = z.infer<typeof studentListResponse>;

/** GET /api/users?role=admin: every admin, by name (the admins page, docs/product.md section 2). */
export const adminListResponse = z.object({ users: z.array(userSchema), total: z.number() });
export type AdminListAnswer = z.infer<typeof adminListResponse>;

export const studentSubmissionSchema = z.object({
  _id: z.string(),
  exam: z.object({ _id: z.string(), title: z.string() }),
  marksObtained: z.number(),
  totalMarks: z.number(),
  percentage: z.number().nullable(),
  status: z.enum(['SUBMITTED', 'EVALUATED', 'PENDING']),
  isPassed: z.boolean().nullable(),
  submittedAt: z.string(),
});

export const studentDetailSchema = userSchema.extend({
  /** The student's courses (of their approved admissions, else the course named on the account): the batch
   * move offers these courses' batches first (docs/product-batches.md). */
  courses: z.array(z.object({ _id: z.string(), name: z.string() })),
  examsTaken: z.number(),
  averageScore: z.number().nullable(),
  passedExams: z.number(),
  failedExams: z.number(),
  totalMarksObtained: z.number(),
  totalMarksAvailable: z.number(),
  submissions: z.array(studentSubmissionSchema),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

/** PATCH /api/users/{id}: only isActive and the batch are taken (docs/product.md section 7); batch null takes the student out. */
export const updateStudentBody = z
  .object({
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    batch: z.uuid({ error: 'Batch not found' }).nullable().optional(),
    /** Confirms a move into a batch of another course than the student's (else 409). */
    otherCourse: z.boolean({ error: 'otherCourse must be true or false' }).optional(),
  })
  .refine((b) => b.isActive !== undefined || b.batch !== undefined, { path: ['isActive'], message: 'isActive must be true or false' });
export type UpdateStudentBody = z.input<typeof updateStudentBody>;

export const resetStudentPasswordResponse = z.object({ message: z.string(), emailSent: z.boolean() });

/** The answer to PATCH /api/users/{id}: the updated student. */
export const updateStudentResponse = userSchema;

// --- Student import (POST /api/users/import): a spreadsheet of enrolled students.

export const IMPORT_COLUMNS = [
  'name',
  'email',
  'phone',
  'course',
  'centre',
  'batch',
  'registrationNumber',
  // Optional: the student's guardians (docs/product-parents.md "Guardians").
  'guardian1Name',
  'guardian1Relation',
  'guardian1Phone',
  'guardian1Email',
  'guardian2Name',
  'guardian2Relation',
  'guardian2Phone',
  'guardian2Email',
] as const;
export const IMPORT_REQUIRED_COLUMNS = ['name', 'email', 'phone', 'course', 'centre', 'batch'] as const;
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const importQuery = z.object({
  dryRun: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});

export const importRowSchema = z.object({ row: z.number(), status: z.enum(['ok', 'error']), message: z.string() });
export type ImportRow = z.infer<typeof importRowSchema>;
export const importDryRunResponse = z.object({ rows: z.array(importRowSchema), ok: z.number(), errors: z.number() });
export type ImportDryRun = z.infer<typeof importDryRunResponse>;
export const importResponse = z.object({ created: z.number(), skipped: z.number(), rows: z.array(importRowSchema) });
export type ImportResult = z.infer<typeof importResponse>;

export const IMPORT_MSG = {
  noFile: 'Please attach a file (field "file")',
  badType: 'The file must be an .xlsx or .csv spreadsheet',
  unreadable: 'The file could not be read as a spreadsheet',
  empty: 'The spreadsheet has no rows of students',
  tooMany: `A spreadsheet can have at most ${IMPORT_MAX_ROWS} rows`,
  missingColumns: (cols: string[]) => `Missing column${cols.length === 1 ? '' : 's'}: ${cols.join(', ')}`,
  ready: 'Ready to import',
  changed: 'Some students were added while importing; run the dry run again',
  created: 'Imported',
} as const;
