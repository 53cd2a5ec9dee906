import { round2 } from '@app/common/rules/rounding';
import { type ScoreColour, scoreColour } from '@app/common/rules/grades';

// docs/product.md section 9: score colour 80+ green, 60+ blue, 40+ yellow, below red, none grey; grades by the same bands.
const tones: Record<ScoreColour, string> = {
  green: 'bg-green-100 text-green-800',
  blue: 'bg-blue-100 text-blue-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-slate-200 text-slate-700',
};
const textTones: Record<ScoreColour, string> = {
  green: 'text-green-700',
  blue: 'text-blue-700',
  yellow: 'text-yellow-800',
  red: 'text-red-700',
  grey: 'text-slate-500',
};

const gradeColour = (grade: string | null | undefined): ScoreColour => {
  switch (grade) {
    case 'A+':
    case 'A':
      return 'green';
    case 'B+':
    case 'B':
      return 'blue';
    case 'C':
      return 'yellow';
    case 'F':
      return 'red';
    default:
      return 'grey';
  }
};

export const formatPercent = (p: number | null | undefined) => (p === null || p === undefined ? 'N/A' : `${round2(p)}%`);

/** A percentage in its score colour. */
export function Percent({ value, className = '' }: { value: number | null | undefined; className?: string }) {
  return <span className={`font-semibold ${textTones[scoreColour(value)]} ${className}`}>{formatPercent(value)}</span>;
}

/** A grade pill coloured by band; 'Pending' (grey) while results are not published. */
export function GradeBadge({ grade }: { grade: string | null | undefined }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[gradeColour(grade)]}`}>{grade ?? 'Pending'}</span>
  );
}
