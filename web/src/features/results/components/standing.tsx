import type { StudentResult } from '@app/common/schemas/submissions';
import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';

/** A ranked mock reports rank and percentile, never a grade or PASS/FAIL (docs/product-papers.md, Result mode). */
export const isRanked = (r: StudentResult) => r.exam.resultMode === 'rank';

export const rankText = (r: StudentResult) => (r.rank === null ? 'Rank —' : `Rank ${r.rank} / ${r.candidates}`);
export const percentileText = (r: StudentResult) => (r.percentile === null ? 'Percentile —' : `Percentile ${r.percentile.toFixed(2)}`);

/** The link to a published result's analysis (tiles, sections, questions, trend) and solutions. */
export function AnalysisLink({ result }: { result: StudentResult }) {
  return (
    <Link
      to={`/student/results/${result._id}/analysis`}
      aria-label={`Analysis: ${result.exam.title}`}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-md bg-brand-700 px-2.5 py-1.5 font-medium text-white hover:bg-brand-800"
    >
      <BarChart3 aria-hidden="true" className="h-4 w-4" /> Analysis
    </Link>
  );
}
