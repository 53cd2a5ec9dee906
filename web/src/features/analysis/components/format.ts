/** Marks with two decimals, as the results show them ("95.00"). */
export const marks = (n: number) => n.toFixed(2);

/** Seconds as "4m 05s" (or "45s"). */
export function duration(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export const STATUS_STYLE = {
  correct: { label: 'Correct', className: 'border-green-600 bg-green-100 text-green-900' },
  wrong: { label: 'Wrong', className: 'border-red-600 bg-red-100 text-red-900' },
  unattempted: { label: 'Unattempted', className: 'border-slate-400 bg-slate-100 text-slate-800' },
  pending: { label: 'Pending', className: 'border-amber-600 bg-amber-100 text-amber-900' },
} as const;
