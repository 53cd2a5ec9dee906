import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { QueryState } from '../../../components/query-state.tsx';

type Props<T> = {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  query?: UseQueryResult<T>;
  errorText?: string;
  className?: string;
  children: (data: T) => ReactNode;
};

/** A dashboard card with its own loading and error-with-Retry state: one failed call never blanks the page. */
export function DashboardSection<T>({
  title,
  icon,
  action,
  query,
  errorText = `Failed to load ${title.toLowerCase()}`,
  className = '',
  children,
}: Props<T>) {
  const body: ReactNode = !query ? (
    children(undefined as T)
  ) : (
    <QueryState query={query} compact loadingText={`Loading ${title.toLowerCase()}...`} errorText={(e) => errorMessage(e, errorText)}>
      {children}
    </QueryState>
  );
  return (
    <section aria-label={title} className={`rounded-xl bg-white p-5 shadow-sm ${className}`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-brand-800">
          {icon && <span aria-hidden="true">{icon}</span>}
          {title}
        </h2>
        {action}
      </div>
      {body}
    </section>
  );
}
