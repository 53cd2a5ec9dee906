import { scoreColour } from '@app/common/rules/grades';

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${isActive ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
    >
      {isActive ? 'Active' : 'Inactive'}
    </span>
  );
}

const scoreText = {
  green: 'text-green-700',
  blue: 'text-blue-700',
  yellow: 'text-yellow-700',
  red: 'text-red-700',
  grey: 'text-slate-500',
};

/** A percentage in the spec's score colours (docs/product.md section 9); no score shows as a dash. */
export function Score({ value }: { value: number | null }) {
  return (
    <span className={`font-semibold ${scoreText[scoreColour(value)]}`}>{value === null ? '—' : `${Math.round(value * 10) / 10}%`}</span>
  );
}
