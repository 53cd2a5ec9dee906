import { can } from '@app/common/permissions';
import { and, eq } from 'drizzle-orm';
import type { SubmissionDetail } from '@app/common/schemas/submissions';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { submissions } from '../../db/schema.ts';
import { refuseSubmission, type Scope, submissionFilter } from '../../lib/record-scope.ts';
import { loadQuestions } from '../exams/queries.ts';
import { readSubmissions } from './read.ts';
import { type Audience, submissionDetailOf } from './views.ts';

/**
 * GET /api/submissions/{id}: an admin reads any; a student only their own (another's is refused), without answers' keys and, before publication, without any marks or feedback.
 */
export async function findSubmissionDetail(ctx: Ctx | { db: Db | Tx }, actor: Actor, scope: Scope, id: string): Promise<SubmissionDetail> {
  // Staff who evaluate read any (docs/product-staff.md); a student their own (lib/record-scope.ts).
  const isAdmin = can(actor.role, 'evaluation.manage');
  const [row] = await readSubmissions(ctx.db).where(and(eq(submissions.id, id), submissionFilter(scope)));
  if (!row) return refuseSubmission(ctx.db, id);
  const audience: Audience = isAdmin ? { role: 'admin' } : { role: 'student', resultsPublished: row.exam.resultsPublished };
  return submissionDetailOf(row, await loadQuestions(ctx.db, row.exam.id), audience);
}
