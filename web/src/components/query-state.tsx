import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import { EmptyState, ErrorState } from './states.tsx';

/** The part of a TanStack Query result the states need. */
export type QueryLike<T> = { isPending: boolean; isError: boolean; error?: unknown; data?: T; refetch: () => unknown };

/**
 * A query whose last answer stays on screen when a refetch fails (a list's next page, a report's new
 * filters): only a failed first load counts as failed here, and the view shows the refetch's error itself.
 */
export const keepingLastAnswer = <T,>(query: QueryLike<T>): QueryLike<T> => ({
  isPending: query.isPending,
  isError: query.isError && !query.data,
  error: query.error,
  data: query.data,
  refetch: query.refetch,
});

type Props<T> = {
  query: QueryLike<T>;
  /** What failed, in the user's words (or made from the error, e.g. the server's message): shown with Retry. */
  errorText: string | ((error: unknown) => string);
  /** The spinner's text while loading. */
  loadingText?: string;
  /** Shown instead of the spinner while loading (placeholders shaped like the content). */
  loading?: ReactNode;
  /** A view of its own for some failures (a 404 that means "nothing yet"); null keeps the message and Retry. */
  errorView?: (error: unknown) => ReactNode | null;
  /** When the answer has nothing to show; `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  /** A title (shown as an EmptyState) or any element. */
  empty?: ReactNode;
  emptyHint?: string;
  /** Less room around the spinner (a card rather than a page). */
  compact?: boolean;
  children: (data: T) => ReactNode;
};

/**
 * The three states every server-backed view has: loading (a spinner), failed (the message and Retry,
 * never invented data: docs/product.md section 7) and empty; otherwise the children with the data.
 */
export function QueryState<T>({
  query,
  errorText,
  errorView,
  loadingText,
  loading,
  isEmpty,
  empty,
  emptyHint,
  compact,
  children,
}: Props<T>) {
  if (query.isPending && loading !== undefined) return loading;
  if (query.isPending)
    return (
      <div className={`flex justify-center ${compact ? 'py-6' : 'py-12'}`}>
        <Spinner label={loadingText} />
      </div>
    );
  if (query.isError || query.data === undefined) {
    const own = query.isError ? errorView?.(query.error) : null;
    if (own) return own;
    const message = typeof errorText === 'function' ? errorText(query.error) : errorText;
    return <ErrorState message={message} onRetry={() => query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return typeof empty === 'string' ? <EmptyState title={empty} hint={emptyHint} /> : empty;
  return children(query.data);
}
