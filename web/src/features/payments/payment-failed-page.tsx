import { formatINR } from '@app/common/rules/money';
import { CALLBACK_ERRORS, PAYMENT_MSG } from '@app/common/schemas/payments';
import { AlertTriangle, LifeBuoy, Mail, Phone, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth.tsx';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { usePublicInstitute } from '../../api/institute.ts';
import { usePaymentStatus } from './api/payment-status.ts';
import { PaymentStatusBadge } from './components/payment-status-badge.tsx';
import { courseOf, DetailRow, StatusDetails } from './components/status-view.tsx';

/** What the callback's error code means when the record carries no gateway message (callback_failed has its own warning). */
const ERROR_TEXT: Record<string, string> = {
  [CALLBACK_ERRORS.cancelled]: 'The payment was cancelled on the payment page.',
  [CALLBACK_ERRORS.failed]: 'The payment was declined.',
};

/** /payment/failed?orderId=…&error=…: docs/product.md section 2 "Payment Failed page" (public). */
export default function PaymentFailedPage() {
  usePageTitle('Payment Failed');
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const error = params.get('error') ?? '';
  const { token } = useAuth();
  const status = usePaymentStatus(orderId, Boolean(token));
  // The institute's contacts as an admin set them (/admin/settings).
  const institute = usePublicInstitute();
  const phone = institute.data?.phone;
  const email = institute.data?.email;

  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-xl bg-white p-6 shadow-md sm:p-8">
        <div className="flex flex-col items-center text-center">
          <XCircle aria-hidden="true" className="h-14 w-14 text-red-600" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">Payment Failed</h1>
          <p className="mt-1 text-slate-600">Your payment could not be completed. No fee has been marked as paid.</p>
        </div>
        {error === CALLBACK_ERRORS.callbackFailed && (
          <p role="alert" className="mt-5 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" /> {PAYMENT_MSG.callbackFailed}
          </p>
        )}
        <div className="mt-6">
          <StatusDetails orderId={orderId} query={status}>
            {(r) => (
              <>
                <DetailRow label="Order ID">
                  <span className="font-mono text-sm">{orderId || '—'}</span>
                </DetailRow>
                {r && (
                  <>
                    <DetailRow label="Course">{courseOf(r)}</DetailRow>
                    <DetailRow label="Amount">{formatINR(r.amount)}</DetailRow>
                    <DetailRow label="Status">
                      <PaymentStatusBadge status={r.status} />
                    </DetailRow>
                  </>
                )}
                {(r?.transactionDetails.responseMessage || ERROR_TEXT[error]) && (
                  <DetailRow label="Gateway message">{r?.transactionDetails.responseMessage || ERROR_TEXT[error]}</DetailRow>
                )}
              </>
            )}
          </StatusDetails>
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/payment/admission" className={buttonClass.primary}>
            Retry Payment
          </Link>
          <Link to="/student/dashboard" className={buttonClass.secondary}>
            Go to Dashboard
          </Link>
        </div>
        <aside aria-labelledby="help-title" className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h2 id="help-title" className="flex items-center gap-2 font-semibold text-brand-800">
            <LifeBuoy aria-hidden="true" className="h-5 w-5" /> Need help?
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            If money was deducted and the payment shows as failed, contact us with your order ID.
          </p>
          <ul className="mt-3 grid gap-2 text-sm">
            {phone && (
              <li className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Phone aria-hidden="true" className="h-4 w-4 text-slate-500" />
                <span className="text-slate-500">Support phone:</span>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-700 underline">
                  {phone}
                </a>
              </li>
            )}
            {email && (
              <li className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Mail aria-hidden="true" className="h-4 w-4 text-slate-500" />
                <span className="text-slate-500">Support e-mail:</span>
                <a href={`mailto:${email}`} className="break-all font-medium text-brand-700 underline">
                  {email}
                </a>
              </li>
            )}
          </ul>
        </aside>
      </div>
    </section>
  );
}
