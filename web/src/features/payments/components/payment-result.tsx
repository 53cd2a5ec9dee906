import { formatDateTime } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import { CALLBACK_ERRORS, PAYMENT_MSG } from '@app/common/schemas/payments';
import { AlertTriangle, CheckCircle2, CircleHelp, Clock, LifeBuoy, type LucideIcon, Mail, Phone, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { usePublicInstitute } from '../../../api/institute.ts';
import { buttonClass } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { parentOrderChild, usePaymentStatus } from '../api/payment-status.ts';
import { installmentLabel, type ResultState, resultStateOf } from '../labels.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { courseOf, DetailRow, StatusDetails } from './status-view.tsx';

type Heading = { title: string; text: string; Icon: LucideIcon; tone: string };

/** What /payment/success may state, by what the server says of the payment (labels.ts resultStateOf). */
const SUCCESS_HEADINGS: Record<ResultState, Heading> = {
  success: {
    title: 'Payment Successful!',
    text: 'Thank you. Your payment has been received.',
    Icon: CheckCircle2,
    tone: 'text-green-600',
  },
  pending: {
    title: 'Payment Processing',
    text: 'We are waiting for the payment gateway to confirm this payment. This page updates by itself.',
    Icon: Clock,
    tone: 'text-amber-600',
  },
  failed: {
    title: 'Payment Not Completed',
    text: 'This payment did not go through; no money was received for it.',
    Icon: XCircle,
    tone: 'text-red-600',
  },
  unknown: {
    title: 'Payment Status Unknown',
    text: 'We could not find a payment of yours with this reference.',
    Icon: CircleHelp,
    tone: 'text-slate-500',
  },
};

/** /payment/failed says so whatever the record: the gateway sent the student there. */
const FAILED_HEADING: Heading = {
  title: 'Payment Failed',
  text: 'Your payment could not be completed. No fee has been marked as paid.',
  Icon: XCircle,
  tone: 'text-red-600',
};

/** What the callback's error code means when the record carries no gateway message (callback_failed has its own warning). */
const ERROR_TEXT: Record<string, string> = {
  [CALLBACK_ERRORS.cancelled]: 'The payment was cancelled on the payment page.',
  [CALLBACK_ERRORS.failed]: 'The payment was declined.',
};

const gatewayName = (gateway: string | null | undefined) => (gateway === 'razorpay' ? 'Razorpay' : 'Paytm');

/**
 * The page the gateway returns the student to: docs/product.md section 2, "Payment Successful page"
 * (/payment/success?orderId=…) and "Payment Failed page" (/payment/failed?orderId=…&error=…), both public.
 * The success page states success only for a completed payment the signed-in student owns (read from the
 * server); a declined, cancelled, refunded, unknown or missing order shows the failed or unknown state.
 */
export function PaymentResult({ page }: { page: 'success' | 'failed' }) {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const error = params.get('error') ?? '';
  const { token, user } = useAuth();
  // A parent paid for their child (docs/product-parents.md "Fees"): the payment is the child's, read in the
  // parent's area, not by the student's status route.
  const isParent = user?.role === 'parent';
  const parentChild = isParent ? parentOrderChild(orderId) : null;
  const status = usePaymentStatus(orderId, Boolean(token && user) && (!isParent || parentChild !== null), parentChild);
  const record = status.data;
  const isFailedPage = page === 'failed';
  const state = resultStateOf(record);
  const heading = isFailedPage ? FAILED_HEADING : SUCCESS_HEADINGS[state];
  const isSuccess = !isFailedPage && state === 'success';
  // Signed out on an unknown order, the sign-in notice below says all there is; while loading, nothing yet.
  const showText = isFailedPage || (!(state === 'unknown' && !token) && (record || !status.isPending || !orderId));
  const gatewayMessage = record?.transactionDetails.responseMessage || ERROR_TEXT[error];
  usePageTitle(isParent && parentChild === null ? (isFailedPage ? 'Payment Failed' : 'Payment Submitted') : heading.title.replace('!', ''));
  // A parent back on another tab or device: the order's child is not known here, their area says it.
  if (isParent && parentChild === null) return <ParentPaymentResult failed={isFailedPage} orderId={orderId} />;

  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-xl bg-white p-6 shadow-md sm:p-8">
        <div className="flex flex-col items-center text-center">
          <heading.Icon aria-hidden="true" className={`h-14 w-14 ${heading.tone}`} />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">{heading.title}</h1>
          {showText && <p className="mt-1 text-slate-600">{heading.text}</p>}
        </div>
        {!isFailedPage && state === 'failed' && (
          <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            The gateway reports that this payment did not go through.{' '}
            <Link to={`/payment/failed?orderId=${encodeURIComponent(orderId)}`} className="font-semibold underline">
              See the details
            </Link>
          </p>
        )}
        {isFailedPage && error === CALLBACK_ERRORS.callbackFailed && (
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
                {r && !isFailedPage && (
                  <DetailRow label="Transaction ID">
                    <span className="font-mono text-sm">{r.transactionId ?? '—'}</span>
                  </DetailRow>
                )}
                {r && (
                  <>
                    <DetailRow label="Course">{courseOf(r)}</DetailRow>
                    <DetailRow label={isSuccess ? 'Amount Paid' : 'Amount'}>{formatINR(r.amount)}</DetailRow>
                  </>
                )}
                {r && !isFailedPage && (
                  <>
                    <DetailRow label="Payment Date">{formatDateTime(r.paymentDate ?? r.updatedAt)}</DetailRow>
                    <DetailRow label="Payment Method">{gatewayName(r.gateway)}</DetailRow>
                    <DetailRow label="Installment">{installmentLabel(r.transactionDetails.installmentNumber) ?? '—'}</DetailRow>
                  </>
                )}
                {r && isFailedPage && (
                  <DetailRow label="Status">
                    <PaymentStatusBadge status={r.status} />
                  </DetailRow>
                )}
                {isFailedPage && gatewayMessage && <DetailRow label="Gateway message">{gatewayMessage}</DetailRow>}
              </>
            )}
          </StatusDetails>
        </div>
        {isSuccess && !isParent && (
          <p className="mt-6 flex items-start gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-800">
            <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> {PAYMENT_MSG.emailSent}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {isFailedPage && (
            <Link to={isParent ? '/parent' : '/payment/admission'} className={buttonClass.primary}>
              Retry Payment
            </Link>
          )}
          <Link to={isParent ? '/parent' : '/student/dashboard'} className={isFailedPage ? buttonClass.secondary : buttonClass.primary}>
            {isParent ? 'Back to your children' : 'Go to Dashboard'}
          </Link>
          {!isFailedPage && !isParent && (
            <Link to="/student/payments" className={buttonClass.secondary}>
              View Payment History
            </Link>
          )}
        </div>
        {isFailedPage && <SupportContacts />}
      </div>
    </section>
  );
}

/** Where the gateway returns a parent: their child's Fees say what was received, with its receipt. */
function ParentPaymentResult({ failed, orderId }: { failed: boolean; orderId: string }) {
  const heading = failed
    ? FAILED_HEADING
    : {
        title: 'Payment Submitted',
        text: "Thank you. Once the gateway confirms it, the payment and its receipt appear under Fees on your child's page.",
        Icon: CheckCircle2,
        tone: 'text-green-600',
      };
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="flex flex-col items-center rounded-xl bg-white p-6 text-center shadow-md sm:p-8">
        <heading.Icon aria-hidden="true" className={`h-14 w-14 ${heading.tone}`} />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{heading.title}</h1>
        <p className="mt-1 text-slate-600">{heading.text}</p>
        {orderId && <p className="mt-3 font-mono text-sm text-slate-600">Order ID {orderId}</p>}
        <Link to="/parent" className={`${buttonClass.primary} mt-6`}>
          Back to your children
        </Link>
        {failed && <SupportContacts />}
      </div>
    </section>
  );
}

/** The institute's contacts as an admin set them (/admin/settings), for a payment that went wrong. */
function SupportContacts() {
  const institute = usePublicInstitute();
  const phone = institute.data?.phone;
  const email = institute.data?.email;
  return (
    <aside aria-labelledby="help-title" className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="help-title" className="flex items-center gap-2 font-semibold text-brand-800">
        <LifeBuoy aria-hidden="true" className="h-5 w-5" /> Need help?
      </h2>
      <p className="mt-1 text-sm text-slate-600">If money was deducted and the payment shows as failed, contact us with your order ID.</p>
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
  );
}
