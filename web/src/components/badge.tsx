import type { ReactNode } from 'react';

/** A small coloured pill for statuses and categories. */
export function Badge({ tone, children }: { tone: 'green' | 'slate' | 'red' | 'orange' | 'amber' | 'blue'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-800',
    slate: 'bg-slate-200 text-slate-700',
    red: 'bg-red-100 text-red-800',
    orange: 'bg-orange-100 text-orange-800',
    amber: 'bg-amber-100 text-amber-900',
    blue: 'bg-blue-100 text-blue-800',
  } as const;
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>
  );
}
