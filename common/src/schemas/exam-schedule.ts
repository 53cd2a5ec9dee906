import { z } from 'zod';
import { formatDateTime } from '../rules/dates.ts';
import { optionalDate } from './fields.ts';

/** Who may take an exam and when (docs/product-batches.md, "Exam scheduling"). */
export const EXAM_MODES = ['ranked', 'practice'] as const;
export type ExamMode = (typeof EXAM_MODES)[number];

/** What a student's dashboard says of an exam meant for them. */
export const EXAM_STATUSES = ['upcoming', 'open', 'in_progress', 'submitted', 'missed'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

export const AUDIENCE_LIMIT = 100;
export const OVERRIDE_MINUTES = { min: 1, max: 600 } as const;

export const SCHEDULE_MESSAGES = {
  closesAfterOpens: 'closesAt must be after opensAt',
  invalidTime: 'Please enter a valid date and time',
  emptyAudience: 'Choose at least one course, batch or centre, or open the exam to all students',
  unknownCourses: (n: number) => `audience.courses: ${n === 1 ? 'a course does' : `${n} courses do`} not exist`,
  unknownBatches: (n: number) => `audience.batches: ${n === 1 ? 'a batch does' : `${n} batches do`} not exist`,
  unknownCentres: (ids: string[]) => `audience.centres: no centre ${ids.map((c) => `"${c}"`).join(', ')}`,
  notYetOpen: (opensAt: Date) => `This exam opens at ${formatDateTime(opensAt)} IST`,
  closed: (closesAt: Date) => `This exam closed at ${formatDateTime(closesAt)} IST`,
  modeLocked: 'This exam already has submissions: it can no longer be switched between ranked and practice',
  overrideStudentMissing: 'Student not found',
  overrideOutsideAudience: 'This student is not in the exam\u2019s audience (its courses, batches or centres)',
  overrideNothing: 'Give extra minutes, reopen the attempt, or both',
  overrideMinutes: `Extra minutes must be a whole number from ${OVERRIDE_MINUTES.min} to ${OVERRIDE_MINUTES.max}`,
  reopenNeedsConfirmation:
    'This student has submitted this exam. Reopening deletes that submission and its marks: send deleteSubmission: true to confirm.',
  reopenInProgress: 'This student\u2019s attempt is still running: give extra minutes instead of reopening it',
} as const;

/** An ISO time; blank or null clears it. */
const optionalTime = optionalDate(SCHEDULE_MESSAGES.invalidTime);

const idList = (what: string, id: z.ZodType<string>) =>
  z
    .array(id, { error: `audience.${what} must be a list of ids` })
    .max(AUDIENCE_LIMIT, `At most ${AUDIENCE_LIMIT} ${what}`)
    .default([])
    .transform((ids) => [...new Set(ids)]);

export const audienceInput = z.object(
  {
    courses: idList('courses', z.uuid({ error: 'audience.courses: a course id is not valid' })),
    batches: idList('batches', z.uuid({ error: 'audience.batches: a batch id is not valid' })),
    centres: idList('centres', z.string({ error: 'audience.centres: a centre id must be text' }).trim().min(1).max(100)),
  },
  { error: 'audience must be { courses, batches, centres }' },
);
export type AudienceData = z.output<typeof audienceInput>;

/** The schedule fields of the exam form; absent on an edit keeps what the exam has. */
export const scheduleFields = {
  audience: audienceInput.optional(),
  openToAll: z.boolean({ error: 'openToAll must be true or false' }).optional(),
  opensAt: optionalTime,
  closesAt: optionalTime,
  mode: z.enum(EXAM_MODES, { error: 'mode must be ranked or practice' }).optional(),
};
export const SCHEDULE_KEYS = Object.keys(scheduleFields);

type ScheduleValues = { opensAt?: Date | null; closesAt?: Date | null; audience?: AudienceData; openToAll?: boolean };

/** The checks that need several fields: the window's order and a non-empty audience. */
export function refineSchedule(v: ScheduleValues, ctx: z.RefinementCtx) {
  if (v.opensAt && v.closesAt && v.closesAt <= v.opensAt) {
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: SCHEDULE_MESSAGES.closesAfterOpens });
  }
  const a = v.audience;
  if (a && v.openToAll !== true && a.courses.length + a.batches.length + a.centres.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['audience'], message: SCHEDULE_MESSAGES.emptyAudience });
  }
}

/** PATCH /api/exams/{id} with schedule fields only (and maybe isActive): the rest of the exam is kept. */
export const scheduleBody = z.object({ ...scheduleFields, isActive: z.boolean().optional() }).superRefine(refineSchedule);
export type ScheduleData = z.output<typeof scheduleBody>;

const ref = z.object({ _id: z.string(), name: z.string() });

/** How every answer about an exam states its schedule. */
export const scheduleView = {
  audience: z.object({ courses: z.array(z.string()), batches: z.array(z.string()), centres: z.array(z.string()) }),
  /** Names of the audience's courses and batches, for screens (unknown ids left out). */
  audienceNames: z.object({ courses: z.array(ref), batches: z.array(ref), centres: z.array(ref) }).optional(),
  openToAll: z.boolean(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  mode: z.enum(EXAM_MODES),
};

/** POST /api/exams/{id}/overrides (admin). */
export const overrideBody = z
  .object({
    studentId: z.uuid({ error: 'studentId must be a student id' }),
    extraMinutes: z
      .number({ error: SCHEDULE_MESSAGES.overrideMinutes })
      .int(SCHEDULE_MESSAGES.overrideMinutes)
      .min(OVERRIDE_MINUTES.min, SCHEDULE_MESSAGES.overrideMinutes)
      .max(OVERRIDE_MINUTES.max, SCHEDULE_MESSAGES.overrideMinutes)
      .optional(),
    reopen: z.boolean({ error: 'reopen must be true or false' }).optional(),
    deleteSubmission: z.boolean({ error: 'deleteSubmission must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.extraMinutes && !v.reopen) ctx.addIssue({ code: 'custom', path: ['extraMinutes'], message: SCHEDULE_MESSAGES.overrideNothing });
  });
export type OverrideBody = z.input<typeof overrideBody>;

export const overrideSchema = z.object({
  _id: z.string(),
  student: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  extraMinutes: z.number().int(),
  reopen: z.boolean(),
  deletedSubmission: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The student's deadline after this exception, when they have an attempt running. */
  deadline: z.string().nullable().optional(),
});
export type ExamOverride = z.infer<typeof overrideSchema>;

/** One earlier attempt of a practice exam, as the student's dashboard lists them. */
export const practiceAttemptSchema = z.object({
  attemptNumber: z.number().int(),
  submittedAt: z.string(),
  /** Null until the exam's results are published and the attempt is evaluated (docs/product.md section 10). */
  marksObtained: z.number().nullable(),
  totalMarks: z.number(),
  status: z.string(),
});
export type PracticeAttempt = z.infer<typeof practiceAttemptSchema>;
