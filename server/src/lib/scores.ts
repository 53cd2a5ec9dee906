import { percentageOf } from '@app/common/rules/grades';
import { type SQL, sql } from 'drizzle-orm';
import { submissions } from '../db/schema.ts';

/**
 * The score formulas in SQL, beside their TypeScript form (`percentageOf` in
 * common/src/rules/grades.ts); scores.test.ts checks that both give the same figures.
 */

/** Percent of `marks` over `total`, two decimals, as a number; null when the total is not above 0 (or null). */
export const percentageSql = (marks: SQL, total: SQL) =>
  sql<number | null>`case when ${total} > 0 then round((${marks} * 100.0 / ${total})::numeric, 2)::float8 end`;

/** One submission's percentage (what its score shows). */
export const submissionPercentageSql = percentageSql(sql`${submissions.marksObtained}`, sql`${submissions.totalMarks}`);

/**
 * An average over several submissions (a student's, a course's): the percent of the summed marks
 * over the summed totals, not a mean of percentages, so a long paper weighs more than a short one
 * (docs/product.md section 2, the student dashboard's average score). `where` narrows the
 * submissions counted (e.g. only evaluated ones).
 */
export const averagePercentageSql = (where?: SQL) =>
  where
    ? percentageSql(
        sql`sum(${submissions.marksObtained}) filter (where ${where})`,
        sql`sum(${submissions.totalMarks}) filter (where ${where})`,
      )
    : percentageSql(sql`sum(${submissions.marksObtained})`, sql`sum(${submissions.totalMarks})`);

/** `percentageOf` for a figure that has no value without a total (an average over no submissions). */
export const percentageOrNull = (marks: number, total: number): number | null => (total > 0 ? percentageOf(marks, total) : null);
