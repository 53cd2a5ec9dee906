import { z } from 'zod';
import { BATCH_PREFERENCES, CENTRE_IDS } from '../constants.ts';
import { formatDate } from '../rules/dates.ts';
import { blankAsMissing, text } from './fields.ts';

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
  teacherNotFaculty: 'Choose a faculty member as the teacher',
  endsBeforeStart: 'The end date must be on or after the start date',
  endTimeBeforeStart: 'The end time must be after the start time',
  outsideBatch: (date: string, startsOn: string, endsOn: string) => `${date} is outside the batch's dates (${startsOn} to ${endsOn})`,
  overlaps: (date: string, start: string, end: string, subject: string) =>
    `This class overlaps ${subject} on ${date} from ${start} to ${end}`,
  /** A warning, not a refusal: another batch's class at the same time has the same teacher or room. */
  clash: (c: SessionClash) => {
    const when = `on ${formatDate(c.date)} from ${c.startTime} to ${c.endTime}`;
    const where = c.batch ? c.batch.name : `a batch of ${c.centreName}`;
    const both = c.kinds.includes('teacher') && c.kinds.includes('room');
    if (both) return `${c.teacher} and ${c.room} are also booked for ${c.subject} ${when}, in ${where}`;
    if (c.kinds.includes('teacher')) return `${c.teacher} also teaches ${c.subject} ${when}, in ${where}`;
    return `${c.room} at ${c.centreName} is also booked for ${c.subject} ${when}, in ${where}`;
  },
  repeatBeforeDate: 'Repeat until must be on or after the date',
  tooManySessions: `A weekly series can have at most ${MAX_WEEKLY_SESSIONS} classes`,
  sessionDeleted: 'Class session deleted',
  absentNotInBatch: 'Every absentee must be a student of this batch',
  studentNotInBatch: 'This student is not in the batch',
  noBatch: 'You are not in a batch yet',
  batchInactive: 'This batch is not active',
  batchFull: (capacity: number) => `This batch is full (capacity ${capacity})`,
  /** A move into a batch of another course than the student's: confirmed with `otherCourse: true`. */
  otherCourse: (batchCourse: string, studentCourses: string) =>
    `This is a batch of ${batchCourse}, and the student's course is ${studentCourses}: confirm the move to another course's batch.`,
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

export const batchBody = z
  .object({
    name: text('Name', 200),
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
    name: text('Name', 200),
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

export const batchListQuery = z.object({
  centre: blankAsMissing(z.enum(CENTRE_IDS, { error: 'Unknown centre' }).optional()),
  course: blankAsMissing(z.uuid({ error: 'Unknown course' }).optional()),
  academicYear: blankAsMissing(z.string().trim().max(20).optional()),
  status: blankAsMissing(z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional()),
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
    subject: text('Subject', 200),
    /** The teacher's name as the timetable shows it; with `teacherId`, the server writes that faculty member's name. */
    teacher: text('Teacher', 200),
    /** The faculty member who teaches the class (a faculty member's classes are those with their id). */
    teacherId: blankAsMissing(z.uuid({ error: BATCH_MSG.teacherNotFaculty }).optional()),
    room: text('Room', 100),
    /** Creates the same class every week from `date` up to this date (inclusive). */
    repeatWeeklyUntil: blankAsMissing(isoDate('Repeat until').optional()),
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
    subject: text('Subject', 200),
    teacher: text('Teacher', 200),
    teacherId: blankAsMissing(z.uuid({ error: BATCH_MSG.teacherNotFaculty }).optional()),
    room: text('Room', 100),
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

/** The faculty members a class may name as its teacher (the class form's select). */
export const teacherListResponse = z.object({ teachers: z.array(z.object({ _id: z.string(), name: z.string() })) });
export type TeacherOption = z.infer<typeof teacherListResponse>['teachers'][number];

export const sessionListQuery = z.object({
  from: blankAsMissing(isoDate('From').optional()),
  to: blankAsMissing(isoDate('To').optional()),
});
export const sessionListResponse = z.object({ sessions: z.array(sessionSchema) });
/**
 * Another batch's class that overlaps a class being saved and has its teacher (anywhere: a teacher is in one
 * place at a time) or its room at the same centre. Saving goes ahead; the answer lists these as warnings.
 */
export const CLASH_KINDS = ['teacher', 'room'] as const;
export const sessionClashSchema = z.object({
  kinds: z.array(z.enum(CLASH_KINDS)),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  subject: z.string(),
  teacher: z.string(),
  room: z.string(),
  /** Null: a batch of a centre the caller does not work for (only its centre is named). */
  batch: batchRefSchema.nullable(),
  centreName: z.string(),
});
export type SessionClash = z.infer<typeof sessionClashSchema>;

export const createSessionsResponse = z.object({
  sessions: z.array(sessionSchema),
  created: z.number(),
  clashes: z.array(sessionClashSchema),
});
export type CreateSessionsResult = z.infer<typeof createSessionsResponse>;
/** PATCH /api/sessions/{id}: the class as changed, and its clashes. */
export const sessionUpdateResponse = sessionSchema.extend({ clashes: z.array(sessionClashSchema) });

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
  from: blankAsMissing(isoDate('From').optional()),
  to: blankAsMissing(isoDate('To').optional()),
  format: blankAsMissing(z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json')),
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
