import { z } from 'zod';
import { BATCH_PREFERENCES, CENTRE_IDS } from '../constants.ts';

// Batches, their timetable and attendance (docs/product.md section 4, "Batches").

export const BATCH_TIMINGS = Object.keys(BATCH_PREFERENCES) as (keyof typeof BATCH_PREFERENCES)[];
export type BatchTiming = keyof typeof BATCH_PREFERENCES;
export const MAX_BATCH_CAPACITY = 1000;
/** A weekly series covers at most a year of classes. */
export const MAX_WEEKLY_SESSIONS = 53;

export const BATCH_MSG = {
  notFound: 'Batch not found',
  courseNotFound: 'Course not found',
  centreNotFound: 'Centre not found',
  nameTaken: 'A batch with this name already exists',
  hasStudents: (n: number) =>
    `This batch has ${n} student${n === 1 ? '' : 's'} and cannot be deleted; deactivate it instead or move the students first.`,
  deleted: 'Batch deleted',
  sessionNotFound: 'Class session not found',
  endsBeforeStart: 'The end date must be on or after the start date',
  endTimeBeforeStart: 'The end time must be after the start time',
  outsideBatch: (date: string, startsOn: string, endsOn: string) => `${date} is outside the batch's dates (${startsOn} to ${endsOn})`,
  overlaps: (date: string, start: string, end: string, subject: string) =>
    `This class overlaps ${subject} on ${date} from ${start} to ${end}`,
  repeatBeforeDate: 'Repeat until must be on or after the date',
  tooManySessions: `A weekly series can have at most ${MAX_WEEKLY_SESSIONS} classes`,
  sessionDeleted: 'Class session deleted',
  absentNotInBatch: 'Every absentee must be a student of this batch',
  studentNotInBatch: 'This student is not in the batch',
  noBatch: 'You are not in a batch yet',
  batchInactive: 'This batch is not active',
  batchFull: (capacity: number) => `This batch is full (capacity ${capacity})`,
} as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar date (YYYY-MM-DD) that exists, in years 1900-2999 (PostgreSQL has no year 0, and no class,
 * batch or report of an institute lies outside these years). */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(DATE_RE, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      const year = Number(v.slice(0, 4));
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && year >= 1900 && year <= 2999;
    }, `${label} must be a date (YYYY-MM-DD)`);

const clockTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(TIME_RE, `${label} must be a time (HH:MM)`);

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const batchBody = z
  .object({
    name: requiredText('Name', 200),
    course: z.uuid({ error: 'Course not found' }),
    centre: z.string({ error: 'Centre is required' }).trim().min(1, 'Centre is required'),
    academicYear: z
      .string({ error: 'Academic year is required' })
      .trim()
      .regex(/^\d{4}-\d{2}$/, 'Academic year must look like 2026-27'),
    timing: z.enum(BATCH_TIMINGS, { error: 'Timing must be MORNING, EVENING or WEEKEND' }),
    startsOn: isoDate('Start date'),
    endsOn: isoDate('End date'),
    capacity: z.coerce
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(MAX_BATCH_CAPACITY, `Capacity must be at most ${MAX_BATCH_CAPACITY}`),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((b) => b.endsOn >= b.startsOn, { path: ['endsOn'], message: BATCH_MSG.endsBeforeStart });
export type BatchBody = z.input<typeof batchBody>;

/** PATCH: any of the fields; the dates are checked against each other with the stored ones. */
export const batchPatchBody = z
  .object({
    name: requiredText('Name', 200),
    course: z.uuid({ error: 'Course not found' }),
    centre: z.string().trim().min(1, 'Centre is required'),
    academicYear: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}$/, 'Academic year must look like 2026-27'),
    timing: z.enum(BATCH_TIMINGS, { error: 'Timing must be MORNING, EVENING or WEEKEND' }),
    startsOn: isoDate('Start date'),
    endsOn: isoDate('End date'),
    capacity: z.coerce
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(MAX_BATCH_CAPACITY, `Capacity must be at most ${MAX_BATCH_CAPACITY}`),
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  })
  .partial();
export type BatchPatchBody = z.input<typeof batchPatchBody>;

export const batchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  course: z.string(),
  courseName: z.string(),
  centre: z.string(),
  centreName: z.string(),
  academicYear: z.string(),
  timing: z.enum(BATCH_TIMINGS),
  startsOn: z.string(),
  endsOn: z.string(),
  capacity: z.number(),
  isActive: z.boolean(),
  studentsCount: z.number(),
});
export type Batch = z.infer<typeof batchSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const batchListQuery = z.object({
  centre: z.preprocess(blankToUndefined, z.enum(CENTRE_IDS, { error: 'Unknown centre' }).optional()),
  course: z.preprocess(blankToUndefined, z.uuid({ error: 'Unknown course' }).optional()),
  academicYear: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  status: z.preprocess(blankToUndefined, z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional()),
});
export type BatchListParams = z.input<typeof batchListQuery>;
export type BatchListQuery = z.output<typeof batchListQuery>;
export const batchListResponse = z.object({ batches: z.array(batchSchema) });
export const batchOneResponse = batchSchema;

/** The batch reference every user answer carries. */
export const batchRefSchema = z.object({ _id: z.string(), name: z.string() });
export type BatchRef = z.infer<typeof batchRefSchema>;

// --- Timetable

export const sessionBody = z
  .object({
    date: isoDate('Date'),
    startTime: clockTime('Start time'),
    endTime: clockTime('End time'),
    subject: requiredText('Subject', 200),
    teacher: requiredText('Teacher', 200),
    room: requiredText('Room', 100),
    /** Creates the same class every week from `date` up to this date (inclusive). */
    repeatWeeklyUntil: z.preprocess(blankToUndefined, isoDate('Repeat until').optional()),
  })
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], message: BATCH_MSG.endTimeBeforeStart })
  .refine((s) => !s.repeatWeeklyUntil || s.repeatWeeklyUntil >= s.date, {
    path: ['repeatWeeklyUntil'],
    message: BATCH_MSG.repeatBeforeDate,
  });
export type SessionBody = z.input<typeof sessionBody>;

export const sessionPatchBody = z
  .object({
    date: isoDate('Date'),
    startTime: clockTime('Start time'),
    endTime: clockTime('End time'),
    subject: requiredText('Subject', 200),
    teacher: requiredText('Teacher', 200),
    room: requiredText('Room', 100),
  })
  .partial();
export type SessionPatchBody = z.input<typeof sessionPatchBody>;

export const sessionSchema = z.object({
  _id: z.string(),
  batch: batchRefSchema,
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  subject: z.string(),
  teacher: z.string(),
  room: z.string(),
  attendanceMarked: z.boolean(),
});
export type ClassSession = z.infer<typeof sessionSchema>;

export const sessionListQuery = z.object({
  from: z.preprocess(blankToUndefined, isoDate('From').optional()),
  to: z.preprocess(blankToUndefined, isoDate('To').optional()),
});
export const sessionListResponse = z.object({ sessions: z.array(sessionSchema) });
export const createSessionsResponse = z.object({ sessions: z.array(sessionSchema), created: z.number() });

/** The student's week: their batch and its classes from Monday to Sunday (India). */
export const studentWeekResponse = z.object({
  batch: batchRefSchema.nullable(),
  from: z.string(),
  to: z.string(),
  sessions: z.array(sessionSchema),
});
export type StudentWeek = z.infer<typeof studentWeekResponse>;

// --- Attendance

export const attendanceBody = z.object({
  absent: z.array(z.uuid({ error: BATCH_MSG.absentNotInBatch }), { error: 'absent must be a list of student ids' }).max(MAX_BATCH_CAPACITY),
});
export type AttendanceBody = z.input<typeof attendanceBody>;

export const rosterStudentSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  registrationNumber: z.string().nullable(),
  isPresent: z.boolean(),
});
export const sessionAttendanceResponse = z.object({
  session: sessionSchema,
  students: z.array(rosterStudentSchema),
  present: z.number(),
  absent: z.number(),
});
export type SessionAttendance = z.infer<typeof sessionAttendanceResponse>;

const percentage = z.number().nullable();

export const studentAttendanceResponse = z.object({
  batch: batchRefSchema.nullable(),
  present: z.number(),
  absent: z.number(),
  total: z.number(),
  /** Present over marked sessions, two decimals; null before any session is marked. */
  percentage,
  records: z.array(z.object({ session: sessionSchema, isPresent: z.boolean() })),
});
export type StudentAttendance = z.infer<typeof studentAttendanceResponse>;

export const attendanceReportQuery = z.object({
  batch: z.uuid({ error: 'Batch not found' }),
  from: z.preprocess(blankToUndefined, isoDate('From').optional()),
  to: z.preprocess(blankToUndefined, isoDate('To').optional()),
  format: z.preprocess(blankToUndefined, z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json')),
});
export type AttendanceReportParams = z.input<typeof attendanceReportQuery>;

export const attendanceReportResponse = z.object({
  batch: batchRefSchema,
  from: z.string().nullable(),
  to: z.string().nullable(),
  sessionsMarked: z.number(),
  students: z.array(
    z.object({
      _id: z.string(),
      fullName: z.string(),
      registrationNumber: z.string().nullable(),
      present: z.number(),
      absent: z.number(),
      total: z.number(),
      percentage,
    }),
  ),
  sessions: z.array(
    z.object({ _id: z.string(), date: z.string(), startTime: z.string(), subject: z.string(), present: z.number(), absent: z.number() }),
  ),
  months: z.array(z.object({ month: z.string(), present: z.number(), absent: z.number(), percentage })),
});
export type AttendanceReport = z.infer<typeof attendanceReportResponse>;

// --- Calendar

export const calendarTokenResponse = z.object({ url: z.string() });
