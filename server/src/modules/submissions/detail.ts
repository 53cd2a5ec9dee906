import { can } from '@app/common/permissions';
import { and, eq } from 'drizzle-orm';
import { SUBMISSION_MESSAGES, type SubmissionDetail } from '@app/common/schemas/submissions';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { courses, exams, submissions, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { courseRefOf, toQuestionAdmin, toQuestionStudent } from '../exams/dto.ts';
import { loadQuestions } from '../exams/queries.ts';
import { type Audience, marksView, studentRefOf, submissionBaseOf } from './views.ts';

const submissionExists = async (db: Db | Tx, id: string) =>
  (await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, id)).limit(1)).length > 0;

/**
 * GET /api/submissions/{id}: an admin reads any; a student only their own (another's is refused), without answers' keys and, before publication, without any marks or feedback.
 */
export async function findSubmissionDetail(ctx: Ctx | { db: Db | Tx }, actor: Actor, id: string): Promise<SubmissionDetail> {
  // Staff who evaluate read any (docs/product-staff.md).
  const isAdmin = can(actor.role, 'evaluation.manage');
  const [row] = await ctx.db
    .select({
      s: submissions,
      exam: exams,
      courseName: courses.name,
      student: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        courseInterest: users.courseInterest,
        education: users.education,
      },
    })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .innerJoin(users, eq(users.id, submissions.studentId))
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .where(isAdmin ? eq(submissions.id, id) : and(eq(submissions.id, id), eq(submissions.studentId, actor.id)));
  if (!row) {
    // Another student's submission is "not yours": 403 (docs/product.md section 7); only a missing one is 404.
    if (!isAdmin && (await submissionExists(ctx.db, id))) throw forbidden();
    throw notFound(SUBMISSION_MESSAGES.notFound);
  }
  const { s, exam, student } = row;
  const qs = await loadQuestions(ctx.db, exam.id);
  const audience: Audience = isAdmin ? { role: 'admin' } : { role: 'student', resultsPublished: exam.resultsPublished };
  return {
    ...submissionBaseOf(s),
    student: studentRefOf(student),
    exam: {
      _id: exam.id,
      title: exam.title,
      description: exam.description,
      duration: exam.durationMinutes,
      totalMarks: Number(exam.totalMarks),
      passingMarks: exam.passingMarks === null ? null : Number(exam.passingMarks),
      resultsPublished: exam.resultsPublished,
      course: courseRefOf(exam.courseId, row.courseName),
      questions: qs.map(isAdmin ? toQuestionAdmin : toQuestionStudent),
    },
    ...marksView(s, audience),
    evaluatedAt: s.evaluatedAt?.toISOString() ?? null,
  };
}
