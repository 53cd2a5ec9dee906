import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { encodeMarkedAnswers } from '../../db/marked-answers.ts';
import { submissions } from '../../db/schema.ts';
import type { Planned } from './regrade-plan.ts';

// Writing a regrade's re-marked submissions (docs/product-regrade.md, "Regrade").

export const WRITE_CHUNK = 250;

/** Writes the re-marked submissions in one statement per chunk (a mock of 2,000 is a handful of statements). */
export async function writeSubmissions(tx: Tx, rows: Planned[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (p) =>
        sql`(${p.id}::uuid, ${JSON.stringify(encodeMarkedAnswers(p.next.answers))}::jsonb, ${p.next.marksObtained}::numeric, ${p.next.totalMarks}::numeric, ${p.next.correctAnswers}::int, ${p.next.incorrectAnswers}::int, ${p.next.unattempted}::int, ${p.next.isPassed}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${submissions} set
      answers = v.answers, marks_obtained = v.marks, total_marks = v.total, correct_answers = v.correct,
      incorrect_answers = v.incorrect, unattempted = v.unattempted, is_passed = v.passed
    from (values ${values}) as v(id, answers, marks, total, correct, incorrect, unattempted, passed)
    where ${submissions.id} = v.id`);
}
