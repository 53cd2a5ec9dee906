import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courses, exams, submissions, users } from '../../db/schema.ts';

// The one read behind every submission answer (the admin list, the detail, the student's own): a submission
// with its student, its exam and the exam's course. Mapped by views.ts.

/** The submission, its student and exam as a submission answer shows them, and the course's name. */
export const submissionColumns = {
  s: submissions,
  student: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    courseInterest: users.courseInterest,
    education: users.education,
  },
  exam: {
    id: exams.id,
    title: exams.title,
    description: exams.description,
    durationMinutes: exams.durationMinutes,
    totalMarks: exams.totalMarks,
    passingMarks: exams.passingMarks,
    negativeMarks: exams.negativeMarks,
    resultsPublished: exams.resultsPublished,
    resultMode: exams.resultMode,
    courseId: exams.courseId,
  },
  courseName: courses.name,
};

/** Every submission answer's read; the caller adds its where, order and paging. */
export const readSubmissions = (db: Db | Tx) =>
  db
    .select(submissionColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .leftJoin(courses, eq(courses.id, exams.courseId));

/** How many submissions the same read finds (the admin list's total): the joins its filters name. */
export const countSubmissions = (db: Db | Tx) =>
  db
    .select({ total: count() })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .leftJoin(courses, eq(courses.id, exams.courseId));
export type SubmissionRead = Awaited<ReturnType<typeof readSubmissions>>[number];
