import type { PaymentStatusRecord } from '@app/common/schemas/payments';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ErrorState } from '../../../components/states.tsx';

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="[overflow-wrap:anywhere] font-medium text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** The course as the status record names it; 'Course Fee' when it names none (docs/product.md section 2). */
export const courseOf = (r: PaymentStatusRecord | undefined) => r?.admission?.course.name || r?.course || 'Course Fee';

type Props = {
  orderId: string;
  query: UseQueryResult<PaymentStatusRecord>;
  /** The rows to show: from the record once it is read, else from the query string alone. */
  children: (record: PaymentStatusRecord | undefined) => ReactNode;
};

/**
 * The status record behind /payment/success and /payment/failed (GET /api/payments/status/{orderId}).
 * Signed out, the page shows what its query string gives and a sign-in link.
 */
export function StatusDetails({ orderId, query, children }: Props) {
  const { user, token, loading } = useAuth();
  const location = useLocation();
  const signedIn = Boolean(token);
  let notice: ReactNode = null;
  if (!orderId) {
    notice = <p className="text-sm text-slate-600">No payment reference was given.</p>;
  } else if (!signedIn && !loading) {
    notice = (
      <p className="text-sm text-slate-600">
        <Link to="/login" state={{ from: `${location.pathname}${location.search}` }} className="font-semibold text-brand-700 underline">
          Sign in
        </Link>{' '}
        to see the full details of this payment.
      </p>
    );
  } else if (query.isPending && (signedIn || loading)) {
    return <Spinner label="Loading payment details..." />;
  } else if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    notice =
      status === 401 ? (
        <p className="text-sm text-slate-600">
          Your session has ended.{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>{' '}
          to see the full details of this payment.
        </p>
      ) : status === 404 || status === 403 ? (
        <p className="text-sm text-slate-600">No payment with this order ID was found{user ? ' for your account' : ''}.</p>
      ) : (
        <ErrorState message={errorMessage(query.error, 'Failed to load the payment details')} onRetry={() => query.refetch()} />
      );
  }
  return (
    <>
      <dl className="divide-y divide-slate-100">{children(query.data)}</dl>
      {notice && <div className="mt-4">{notice}</div>}
    </>
  );
}
