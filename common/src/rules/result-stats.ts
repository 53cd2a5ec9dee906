import { percentageOf } from './grades.ts';

/** A result as a student sees it: marks and percentage are null until the exam's results are published. */
type ResultLike = { marksObtained: number | null; totalMarks: number | null; percentage: number | null };

export type ResultStats = { published: number; averagePercent: number | null; bestPercent: number | null };

/**
 * docs/product.md section 2 "Student dashboard" and "Results": over published results only, the average is the
 * percent of summed marks over summed totals (a missing total counts as 100) and the best is the highest
 * percent; with nothing published both are null (shown as N/A).
 */
export function resultStats(results: ResultLike[]): ResultStats {
  const published = results.filter((r) => r.percentage !== null && r.marksObtained !== null);
  if (published.length === 0) return { published: 0, averagePercent: null, bestPercent: null };
  const marks = published.reduce((s, r) => s + (r.marksObtained ?? 0), 0);
  const totals = published.reduce((s, r) => s + (r.totalMarks || 100), 0);
  return {
    published: published.length,
    averagePercent: percentageOf(marks, totals),
    bestPercent: Math.max(...published.map((r) => r.percentage ?? 0)),
  };
}
