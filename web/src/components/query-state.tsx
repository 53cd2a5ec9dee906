import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import { EmptyState, ErrorState } from './states.tsx';

/** The part of a TanStack Query result the states need. */
export type QueryLike<T> = { isPending: boolean; isError: boolean; data?: T; refetch: () => unknown };

type Props<T> = {
  query: QueryLike<T>;
  /** What failed, in the user's words: shown with a Retry button. */
  errorText: string;
  /** The spinner's text while loading. */
  loadingText?: string;
  /** When the answer has nothing to show; `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  /** A title (shown as an EmptyState) or any element. */
  empty?: ReactNode;
  emptyHint?: string;
  children: (data: T) => ReactNode;
};

/**
 * The three states every server-backed view has: loading (a spinner), failed (the message and Retry,
 * never invented data: docs/product.md section 7) and empty; otherwise the children with the data.
 */
export function QueryState<T>({ query, errorText, loadingText, isEmpty, empty, emptyHint, children }: Props<T>) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner label={loadingText} />
      </div>
    );
  if (query.isError || query.data === undefined) return <ErrorState message={errorText} onRetry={() => query.refetch()} />;
  if (isEmpty?.(query.data)) return typeof empty === 'string' ? <EmptyState title={empty} hint={emptyHint} /> : empty;
  return children(query.data);
}
