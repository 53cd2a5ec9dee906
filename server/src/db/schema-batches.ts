import { boolean, date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { batches, users } from './schema.ts';

// The timetable, attendance and calendar feeds of batches. Re-exported by schema.ts (drizzle-kit reads
// that file); the references are functions, so the import cycle is safe.

/** One class: a date in India and wall-clock times there (HH:MM), as the timetable is read. */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: id(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    subject: text('subject').notNull(),
    /** The teacher as the timetable shows them: the faculty member's name, or text from before accounts (docs/product-batches.md). */
    teacher: text('teacher').notNull(),
    /** The faculty member who teaches it; a faculty member's classes are those with their id (lib/record-scope.ts). */
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    room: text('room').notNull(),
    /** The weekly series the session was created in, if any. */
    seriesId: uuid('series_id'),
    attendanceMarkedAt: ts('attendance_marked_at'),
    attendanceMarkedBy: uuid('attendance_marked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('class_sessions_batch_date_idx').on(t.batchId, t.date, t.startTime),
    index('class_sessions_teacher_idx').on(t.teacherId, t.date),
  ],
);

/** Who was in class: one row per student of the batch when the session was marked. */
export const attendance = pgTable(
  'attendance',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPresent: boolean('is_present').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId] }), index('attendance_student_idx').on(t.studentId)],
);

/** A student's secret calendar feed address; replacing it stops the old address at once. */
export const calendarTokens = pgTable(
  'calendar_tokens',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_tokens_token_key').on(t.token)],
);
