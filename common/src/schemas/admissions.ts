import { z } from 'zod';
import { BATCH_PREFERENCES, CENTRE_IDS, FEE_TYPES, YEAR_OF_PASSING } from '../constants.ts';
import { blankAsMissing, email, isBlank, phone, text } from './fields.ts';
import { guardianInput, MAX_GUARDIANS, PARENT_MSG } from './parents.ts';

// Admission requests, the Application Form and the student's admission record (docs/product.md sections 3, 5, 7).

export const ADMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdmissionStatus = (typeof ADMISSION_STATUSES)[number];
export const BATCH_PREFERENCE_KEYS = Object.keys(BATCH_PREFERENCES) as [
  keyof typeof BATCH_PREFERENCES,
  ...(keyof typeof BATCH_PREFERENCES)[],
];

// Kept in messages.ts (no zod there), so a page can show them without loading the schemas.
export { ADMISSION_MSG } from '../messages.ts';

/** Numbers typed into a form arrive as text; blank means "not given", never 0. */
const formNumber = (required: string) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: (iss) => (iss.input === undefined ? required : 'Please enter a number') }),
  );

const YEAR_MSG = `Year of passing must be between ${YEAR_OF_PASSING.min} and ${YEAR_OF_PASSING.max}`;
const PERCENT_MSG = 'Percentage must be between 0 and 100';

// The public request form, docs/product.md section 5 "Request admission": all required.
export const admissionRequestFields = {
  fullName: text('Full name', 120),
  email,
  phone: phone('Phone number'),
  address: text('Address', 500),
  education: text('Education', 200),
  course: z
    .string({ error: 'Please select a course' })
    .trim()
    .min(1, 'Please select a course')
    .pipe(z.uuid('Please select a valid course')),
  centre: z.enum(CENTRE_IDS, { error: 'Please select a centre' }),
  reason: text('Reason', 2000),
};

// The Application Form's extra fields, docs/product.md section 5 "Application form": all required there.
export const applicationFields = {
  batchPreference: z.enum(BATCH_PREFERENCE_KEYS, { error: 'Please select a batch preference' }),
  lastQualification: text('Last qualification', 200),
  institution: text('Institution', 200),
  yearOfPassing: formNumber('Year of passing is required').pipe(
    z.number().int('Please enter a valid year').min(YEAR_OF_PASSING.min, YEAR_MSG).max(YEAR_OF_PASSING.max, YEAR_MSG),
  ),
  percentage: formNumber('Percentage is required').pipe(
    z
      .number()
      .min(0, PERCENT_MSG)
      .max(100, PERCENT_MSG)
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'Percentage can have at most one decimal place'),
  ),
  emergencyContactName: text('Emergency contact name', 120),
  emergencyContactRelation: text('Emergency contact relation', 60),
  emergencyContactPhone: phone('Emergency contact phone'),
};
export type ApplicationFieldKey = keyof typeof applicationFields;
const APPLICATION_KEYS = Object.keys(applicationFields) as ApplicationFieldKey[];
const APPLICATION_REQUIRED: Record<ApplicationFieldKey, string> = {
  batchPreference: 'Please select a batch preference',
  lastQualification: 'Last qualification is required',
  institution: 'Institution is required',
  yearOfPassing: 'Year of passing is required',
  percentage: 'Percentage is required',
  emergencyContactName: 'Emergency contact name is required',
  emergencyContactRelation: 'Emergency contact relation is required',
  emergencyContactPhone: 'Emergency contact phone is required',
};

/**
 * The parent or guardian the forms ask for (docs/product-parents.md "Guardians"): one or two. The old
 * emergency contact fields are still accepted as the first guardian when `guardians` is not sent.
 */
export const admissionGuardians = z
  .array(guardianInput, { error: PARENT_MSG.guardianRequired })
  .min(1, PARENT_MSG.guardianRequired)
  .max(MAX_GUARDIANS, PARENT_MSG.guardiansTooMany);
const EMERGENCY_KEYS = ['emergencyContactName', 'emergencyContactRelation', 'emergencyContactPhone'] as const;

/** The web's /admission-request form. */
export const admissionRequestForm = z.object({ ...admissionRequestFields, guardians: admissionGuardians.optional() });
export type AdmissionRequestForm = z.input<typeof admissionRequestForm>;

const optionalApplicationFields = Object.fromEntries(APPLICATION_KEYS.map((k) => [k, blankAsMissing(applicationFields[k].optional())])) as {
  [K in ApplicationFieldKey]: z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodOptional<(typeof applicationFields)[K]>>;
};

/**
 * The web's Application Form: the request fields, every application field, and the guardians (1-2,
 * required); the emergency contact fields are optional aliases of the first guardian, given in full or not
 * at all.
 */
export const applicationForm = z
  .object({
    ...admissionRequestFields,
    ...applicationFields,
    emergencyContactName: optionalApplicationFields.emergencyContactName,
    emergencyContactRelation: optionalApplicationFields.emergencyContactRelation,
    emergencyContactPhone: optionalApplicationFields.emergencyContactPhone,
    guardians: admissionGuardians.optional(),
  })
  .superRefine((v, ctx) => requireGuardian(v as Record<string, unknown>, ctx));
export type ApplicationForm = z.input<typeof applicationForm>;

/** Guardians, or else the whole emergency contact as the first guardian. */
function requireGuardian(values: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (values.guardians !== undefined) return;
  const given = EMERGENCY_KEYS.filter((k) => values[k] !== undefined);
  if (given.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['guardians'], message: PARENT_MSG.guardianRequired });
    return;
  }
  for (const k of EMERGENCY_KEYS) {
    if (values[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: APPLICATION_REQUIRED[k] });
  }
}

/**
 * POST /api/admission-requests. selectedCourse/selectedCentre may be sent (docs/product.md section 7) but are
 * ignored: the server looks both up. With `applicationForm: true` or any application field, every
 * application field is required.
 */
export const admissionRequestBody = z
  .object({
    ...admissionRequestFields,
    selectedCourse: z.unknown().optional(),
    selectedCentre: z.unknown().optional(),
    applicationForm: z.boolean().optional(),
    ...optionalApplicationFields,
    /** Optional on the plain request; the Application Form needs them or the emergency contact. */
    guardians: admissionGuardians.optional(),
  })
  .superRefine((v, ctx) => {
    const values = v as Record<string, unknown>;
    const isApplication = v.applicationForm === true || APPLICATION_KEYS.some((k) => values[k] !== undefined);
    if (!isApplication) return;
    for (const k of APPLICATION_KEYS) {
      // With guardians sent, the emergency contact fields are not needed (they are the first guardian's aliases).
      if (v.guardians !== undefined && (EMERGENCY_KEYS as readonly string[]).includes(k)) continue;
      if (values[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: APPLICATION_REQUIRED[k] });
    }
  });
export type AdmissionRequestBody = z.input<typeof admissionRequestBody>;

export const applicationDetailsSchema = z.object({
  batchPreference: z.enum(BATCH_PREFERENCE_KEYS),
  lastQualification: z.string(),
  institution: z.string(),
  yearOfPassing: z.number(),
  percentage: z.number(),
  emergencyContactName: z.string(),
  emergencyContactRelation: z.string(),
  emergencyContactPhone: z.string(),
});
export type ApplicationDetails = z.infer<typeof applicationDetailsSchema>;

export const selectedCourseSchema = z.object({ id: z.string(), name: z.string(), price: z.number() });
export const selectedCentreSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  address: z.string(),
  phone: z.string(),
});

/** An admission request as the API shows it (docs/product.md section 3). */
export const admissionRequestSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  education: z.string(),
  /** The course id; null when the course was deleted since. */
  course: z.string().nullable(),
  courseName: z.string().nullable(),
  centre: z.string(),
  reason: z.string(),
  status: z.enum(ADMISSION_STATUSES),
  /** Internal unless noteIsForApplicant. */
  adminNotes: z.string().nullable(),
  /** The admin marked adminNotes as a message to the applicant: only then are they mailed and shown on the status lookup. */
  noteIsForApplicant: z.boolean(),
  admissionNumber: z.string().nullable(),
  batchYear: z.string().nullable(),
  /** The student account created on approval (null before, or after the account was deleted). */
  userId: z.string().nullable(),
  decidedBy: z.string().nullable(),
  application: applicationDetailsSchema.nullable(),
  // The Application Form's fields also stand on the request itself, as docs/product.md section 3 lists them (null when not sent).
  batchPreference: z.enum(BATCH_PREFERENCE_KEYS).nullable(),
  lastQualification: z.string().nullable(),
  institution: z.string().nullable(),
  yearOfPassing: z.number().nullable(),
  percentage: z.number().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactRelation: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  /** The parent or guardian given on the form (the emergency contact as the first guardian on an older request). */
  guardians: z.array(z.object({ name: z.string(), relation: z.string(), phone: z.string().nullable(), email: z.string().nullable() })),
  selectedCourse: selectedCourseSchema.nullable(),
  selectedCentre: selectedCentreSchema.nullable(),
  createdAt: z.string(),
  submittedAt: z.string(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
});
export type AdmissionRequest = z.infer<typeof admissionRequestSchema>;

export const createAdmissionResponse = z.object({ message: z.string(), request: admissionRequestSchema });

/** Any text is looked up (lower-cased): a malformed address simply has no request, so it is a 404 with the message. */
export const admissionStatusParams = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .transform((v) => v.toLowerCase()),
});
/** GET /api/admission-requests/status/{email}?phone=…: the lookup also needs the phone given on the form. */
export const admissionStatusQuery = z.object({
  phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(40, 'Phone number is too long'),
});
/** The status form's fields: the e-mail and the phone number given on the form. */
export const admissionStatusForm = z.object({
  email,
  phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(40, 'Phone number is too long'),
});
export const admissionStatusResponse = z.object({
  fullName: z.string(),
  course: z.string().nullable(),
  courseDetails: z.object({ description: z.string(), price: z.number(), feeType: z.enum(FEE_TYPES) }).nullable(),
  createdAt: z.string(),
  status: z.enum(ADMISSION_STATUSES),
  approvedAt: z.string().nullable(),
  /** The admin's note only when it was written for the applicant; else null. */
  adminNotes: z.string().nullable(),
});
export type AdmissionStatusAnswer = z.infer<typeof admissionStatusResponse>;

/** Blank status means every status. */
export const admissionListQuery = z.object({
  status: blankAsMissing(z.enum(ADMISSION_STATUSES, { error: 'Status must be pending, approved or rejected' }).optional()),
});
export const admissionListResponse = z.object({ requests: z.array(admissionRequestSchema) });
export const admissionOneResponse = z.object({ request: admissionRequestSchema });

/**
 * Approve and reject take optional notes; the dashboard sends 'Approved from dashboard' / 'Rejected from
 * dashboard'. Notes stay internal unless `noteIsForApplicant` is true: then they are the admin's message to
 * the applicant, mailed with the decision and shown on the status lookup.
 */
export const admissionDecisionBody = z
  .object({
    adminNotes: z.string().trim().max(2000, 'Notes are too long').nullish(),
    noteIsForApplicant: z.boolean({ error: 'noteIsForApplicant must be true or false' }).optional(),
  })
  .optional()
  .transform((v) => ({
    adminNotes: v?.adminNotes ? v.adminNotes : null,
    noteIsForApplicant: Boolean(v?.adminNotes && v.noteIsForApplicant),
  }));
export type AdmissionDecisionBody = z.input<typeof admissionDecisionBody>;

/** Approval also places the new student in a batch (docs/product.md section 4); none when absent or null. */
export const approveAdmissionBody = z
  .object({
    adminNotes: z.string().trim().max(2000, 'Notes are too long').nullish(),
    noteIsForApplicant: z.boolean({ error: 'noteIsForApplicant must be true or false' }).optional(),
    batch: z.uuid({ error: 'Batch not found' }).nullish(),
  })
  .optional()
  .transform((v) => ({
    adminNotes: v?.adminNotes ? v.adminNotes : null,
    noteIsForApplicant: Boolean(v?.adminNotes && v.noteIsForApplicant),
    batch: v?.batch ?? null,
  }));
export type ApproveAdmissionBody = z.input<typeof approveAdmissionBody>;

export const approveAdmissionResponse = z.object({
  message: z.string(),
  user: z.object({ _id: z.string(), email: z.string(), temporaryPassword: z.string(), registrationNumber: z.string() }),
  emailSent: z.boolean(),
  /** The welcome e-mail's text when no SMTP server is configured (the dev outbox); else null. */
  emailPreview: z.string().nullable(),
  notice: z.string(),
  request: admissionRequestSchema,
});
export type ApproveAdmissionAnswer = z.infer<typeof approveAdmissionResponse>;

export const rejectAdmissionResponse = z.object({ message: z.string(), emailSent: z.boolean(), request: admissionRequestSchema });
export type RejectAdmissionAnswer = z.infer<typeof rejectAdmissionResponse>;

/** GET /api/admissions/student: the signed-in student's own admission record (docs/product.md section 3). */
export const studentAdmissionResponse = z.object({
  admissionId: z.string(),
  course: z.object({
    _id: z.string().nullable(),
    name: z.string(),
    /** Rupees; null when the course no longer exists. */
    fees: z.number().nullable(),
    feeType: z.enum(FEE_TYPES).nullable(),
    duration: z.string().nullable(),
  }),
  batchPreference: z.enum(BATCH_PREFERENCE_KEYS).nullable(),
  batchYear: z.string().nullable(),
  centre: selectedCentreSchema.nullable(),
  admissionDate: z.string(),
  status: z.enum(['APPROVED', 'PENDING', 'REJECTED']),
});
export type StudentAdmission = z.infer<typeof studentAdmissionResponse>;

/** GET /api/stats/admin: the admin dashboard's counts (payments is the real number of payment rows). */
export const adminStatsResponse = z.object({
  students: z.number(),
  courses: z.number(),
  exams: z.number(),
  payments: z.number(),
  pendingAdmissions: z.number(),
  recentAdmissions: z.array(admissionRequestSchema),
});
export type AdminStats = z.infer<typeof adminStatsResponse>;
