import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from './page-title.ts';

/** The frame of every admin screen: back link to the dashboard, title, actions. */
export function AdminPage({
  title,
  actions,
  children,
  back = '/admin/dashboard',
  backLabel = 'Back to dashboard',
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  back?: string;
  backLabel?: string;
}) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <Link to={back} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {backLabel}
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{title}</h1>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function StatTile({
  label,
  value,
  icon,
  tone = 'brand',
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: 'brand' | 'green' | 'amber' | 'red' | 'slate';
}) {
  const tones = {
    brand: 'bg-brand-50 text-brand-700',
    green: 'bg-green-50 text-green-700',
    amber: 'bg-amber-50 text-amber-700',
    red: 'bg-red-50 text-red-700',
    slate: 'bg-slate-100 text-slate-700',
  } as const;
  return (
    <div className="flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm">
      {icon && <div className={`rounded-lg p-3 ${tones[tone]}`}>{icon}</div>}
      <div>
        <p className="text-sm text-slate-500">{label}</p>
        <p className="text-2xl font-bold text-slate-900">{value}</p>
      </div>
    </div>
  );
}
