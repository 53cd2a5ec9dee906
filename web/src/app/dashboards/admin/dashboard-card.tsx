import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type QueryLike, QueryState } from '../../../components/query-state.tsx';

/**
 * One dashboard list: its own loading, error with Retry and empty states, so one failing source never
 * blanks the others (no invented fallback data).
 */
export function DashboardCard<T>({
  title,
  to,
  query,
  failText,
  isEmpty,
  emptyText,
  linkText = 'View all',
  children,
}: {
  title: string;
  to: string;
  /** What the heading's link says ("View all" of a list). */
  linkText?: string;
  query: QueryLike<T>;
  failText: string;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col rounded-xl bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h2 id={id} className="font-semibold text-slate-800">
          {title}
        </h2>
        <Link to={to} className="text-sm font-medium text-brand-700 hover:underline" aria-label={`${linkText}: ${title}`}>
          {linkText}
        </Link>
      </div>
      <div className="flex-1 p-4">
        <QueryState
          compact
          query={query}
          errorText={failText}
          isEmpty={isEmpty}
          empty={<p className="py-4 text-center text-sm text-slate-600">{emptyText}</p>}
        >
          {children}
        </QueryState>
      </div>
    </section>
  );
}
