import { z } from 'zod';
import { trendPointSchema } from './analysis.ts';
import { blankAsMissing, email, indianMobile, text } from './fields.ts';

// Parents and guardians (docs/product-parents.md): a student's guardians on their record, a parent's own
// sign-in by a one-time code to their phone, the parent's area (/parent) and the alerts that reach them.
// The server's routes and the web's screens both read these shapes.

export const GUARDIAN_RELATIONS = ['Mother', 'Father', 'Guardian', 'Grandparent', 'Sibling', 'Other'] as const;

/** At most two guardians a student. */
export const MAX_GUARDIANS = 2;

/** The one-time code's rules (docs/product-parents.md "Signing in"). */
export const PARENT_CODE = {
  digits: 6,
  validMinutes: 10,
  /** Wrong tries on one code; the next is refused with 429. */
  maxTries: 5,
  /** Codes sent an hour to one phone, and from one address. */
  perHour: 3,
} as const;

/** The alert kinds a parent chooses channels for, and the channels. */
export const PARENT_ALERT_KINDS = ['absence', 'results', 'fees', 'digest'] as const;
export type ParentAlertKind = (typeof PARENT_ALERT_KINDS)[number];
export const PARENT_CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type ParentChannel = (typeof PARENT_CHANNELS)[number];
/** A parent who never chose: SMS for every alert (the channel every parent's phone has). */
export const DEFAULT_PARENT_CHANNELS: Record<ParentAlertKind, ParentChannel[]> = {
  absence: ['sms'],
  results: ['sms'],
  fees: ['sms'],
  digest: ['sms'],
};

export const PARENT_MSG = {
  phoneRequired: 'Mobile number is required',
  phoneInvalid: 'Please enter a valid 10-digit Indian mobile number',
  codeRequired: 'Please enter the 6-digit code',
  codeInvalid: 'The code must be 6 digits',
  /** POST /api/auth/parent/code: the same answer whether or not the phone is known. */
  codeSent: 'If this number belongs to a parent registered with us, a 6-digit code has been sent to it. It is valid for 10 minutes.',
  codeWrong: 'That code is not right. Please check the SMS and try again.',
  codeExpired: 'This code has expired or was already used. Please ask for a new one.',
  tooManyTries: 'Too many wrong codes. Please ask for a new code.',
  childNotFound: 'Student not found',
  guardianRequired: 'Please add a parent or guardian',
  guardiansTooMany: `A student can have at most ${MAX_GUARDIANS} guardians`,
  guardianContactRequired: 'Give the guardian a mobile number or an e-mail',
  guardiansSaved: 'Guardians saved',
  preferencesSaved: 'Alert preferences saved',
  passwordSet: 'Your password has been set. You can now sign in with your mobile number and password too.',
  /** PUT /api/parent/preferences: e-mail chosen for an alert by a parent whose account has no e-mail. */
  emailChannelNeedsEmail: 'Add an e-mail address to your account to get alerts by e-mail',
  phoneTakenByStaff: 'This mobile number belongs to a staff or student account and cannot be a parent’s sign-in',
} as const;

/** An Indian mobile number as stored on a parent's account: +91 and its 10 digits. */
export const parentPhoneOf = (input: string | null | undefined): string | null => {
  const digits = indianMobile(input);
  return digits === null ? null : `+91${digits}`;
};

/** A mobile number in a parent's request: normalised to +91XXXXXXXXXX. */
export const parentPhone = z
  .string({ error: PARENT_MSG.phoneRequired })
  .trim()
  .min(1, PARENT_MSG.phoneRequired)
  .max(20, PARENT_MSG.phoneInvalid)
  .transform((v, ctx) => {
    const phone = parentPhoneOf(v);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PARENT_MSG.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

export const parentCodeBody = z.object({ phone: parentPhone });
export type ParentCodeBody = z.input<typeof parentCodeBody>;
export const parentVerifyBody = z.object({
  phone: parentPhone,
  code: z
    .string({ error: PARENT_MSG.codeRequired })
    .trim()
    .min(1, PARENT_MSG.codeRequired)
    .regex(/^\d{6}$/, PARENT_MSG.codeInvalid),
});
export type ParentVerifyBody = z.input<typeof parentVerifyBody>;
/** A parent who set a password signs in with their mobile number and it. */
export const parentPasswordLoginBody = z.object({ phone: parentPhone, password: z.string().min(1, 'Password is required').max(200) });
/** A parent sets (or changes) their password; the current one is asked for once one is set. */
export const parentSetPasswordBody = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: z.string().min(1, 'New password is required').max(200),
});

// Guardians on a student's record

/** One guardian as the admission forms and the admin send it. */
export const guardianInput = z
  .object({
    name: text('Guardian name', 120),
    relation: text('Relation', 60),
    phone: blankAsMissing(parentPhone.optional()),
    email: blankAsMissing(email.optional()),
  })
  .refine((g) => g.phone !== undefined || g.email !== undefined, { message: PARENT_MSG.guardianContactRequired, path: ['phone'] });
export type GuardianInput = z.input<typeof guardianInput>;

/** PUT /api/users/{id}/guardians: the whole list (0 to 2). */
export const guardiansBody = z.array(guardianInput).max(MAX_GUARDIANS, PARENT_MSG.guardiansTooMany);

/** A guardian as the API answers: the link's details and the parent account behind it. */
export const guardianSchema = z.object({
  _id: z.string(),
  name: z.string(),
  relation: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable().optional(),
  /** The parent account made for this guardian (null until the student is admitted or while no contact is given). */
  parentId: z.string().nullable(),
  /** When the parent last signed in (staff see it on the student detail page). */
  lastLogin: z.string().nullable(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** An alert sent to a student's guardians, as staff see it on the student detail page. */
export const guardianAlertSchema = z.object({
  _id: z.string(),
  guardian: z.string(),
  kind: z.string(),
  channel: z.enum(['sms', 'whatsapp', 'email']),
  to: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type GuardianAlert = z.infer<typeof guardianAlertSchema>;

// The parent's area

export const parentChildSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  registrationNumber: z.string().nullable(),
  course: z.string().nullable(),
  centre: z.string().nullable(),
  batch: z.string().nullable(),
  relation: z.string(),
});
export type ParentChild = z.infer<typeof parentChildSchema>;

const percent = z.number().nullable();

export const childOverviewSchema = z.object({
  attendance: z.object({
    /** This calendar month (IST): classes held, attended, and the percentage (null with no class yet). */
    month: z.object({ held: z.number(), present: z.number(), percentage: percent }),
    /** The course so far (the batch's classes since it began). */
    course: z.object({ held: z.number(), present: z.number(), percentage: percent }),
    recentAbsences: z.array(z.object({ date: z.string(), subject: z.string(), topic: z.string().nullable() })),
    /** The week's classes (Monday to Sunday, IST). */
    timetable: z.array(
      z.object({
        _id: z.string(),
        date: z.string(),
        startTime: z.string(),
        endTime: z.string(),
        subject: z.string(),
        teacher: z.string().nullable(),
      }),
    ),
  }),
  exams: z.object({
    upcoming: z.array(
      z.object({
        _id: z.string(),
        title: z.string(),
        opensAt: z.string().nullable(),
        closesAt: z.string().nullable(),
        duration: z.number(),
      }),
    ),
    /** Published results only, newest first: never one before publication, never the key. */
    results: z.array(
      z.object({
        exam: z.object({ _id: z.string(), title: z.string() }),
        submittedAt: z.string(),
        marksObtained: z.number(),
        totalMarks: z.number(),
        percentage: z.number(),
        rank: z.number().nullable(),
        candidates: z.number().nullable(),
        percentile: z.number().nullable(),
        sections: z.array(z.object({ title: z.string(), marksObtained: z.number(), totalMarks: z.number() })),
      }),
    ),
    /** The trend chart: the child's last ranked mocks with published results, oldest first (as the child's analysis shows it). */
    trend: z.array(trendPointSchema).optional(),
  }),
  fees: z.object({
    /**
     * The approved admission the fees are of, which POST /api/parent/children/{id}/payments names (as the
     * student's own installment payment does); null or absent with no approved admission.
     */
    admissionId: z.string().nullable().optional(),
    totalFees: z.number(),
    paidAmount: z.number(),
    pendingAmount: z.number(),
    installments: z.array(
      z.object({
        number: z.number(),
        label: z.string(),
        dueDate: z.string(),
        amount: z.number(),
        paid: z.number(),
        outstanding: z.number(),
        overdue: z.boolean(),
      }),
    ),
    /** Completed payments with their receipt (and tax invoice) to download. */
    receipts: z.array(
      z.object({
        _id: z.string(),
        receiptNumber: z.string().nullable(),
        amount: z.number(),
        paidAt: z.string().nullable(),
        paidBy: z.enum(['student', 'parent', 'staff']),
      }),
    ),
  }),
  notices: z.array(z.object({ _id: z.string(), title: z.string(), content: z.string(), date: z.string() })),
});
export type ChildOverview = z.infer<typeof childOverviewSchema>;

export const parentPreferencesSchema = z.object({
  channels: z.object(
    Object.fromEntries(PARENT_ALERT_KINDS.map((k) => [k, z.array(z.enum(PARENT_CHANNELS)).max(PARENT_CHANNELS.length)])) as Record<
      ParentAlertKind,
      z.ZodArray<z.ZodEnum<{ sms: 'sms'; whatsapp: 'whatsapp'; email: 'email' }>>
    >,
  ),
});
export type ParentPreferences = z.infer<typeof parentPreferencesSchema>;
