import { formatDateTime } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import { PAYMENT_MSG } from '@app/common/schemas/payments';
import { CheckCircle2, CircleHelp, Clock, Mail, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth.tsx';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { usePaymentStatus } from './api/payment-status.ts';
import { courseOf, DetailRow, StatusDetails } from './components/status-view.tsx';
import { installmentLabel, type ResultState, resultStateOf } from './labels.ts';

const gatewayName = (gateway: string | null | undefined) => (gateway === 'razorpay' ? 'Razorpay' : 'Paytm');

const HEADINGS: Record<ResultState, { title: string; text: string }> = {
  success: { title: 'Payment Successful!', text: 'Thank you. Your payment has been received.' },
  pending: {
    title: 'Payment Processing',
    text: 'We are waiting for the payment gateway to confirm this payment. This page updates by itself.',
  },
  failed: { title: 'Payment Not Completed', text: 'This payment did not go through; no money was received for it.' },
  unknown: { title: 'Payment Status Unknown', text: 'We could not find a payment of yours with this reference.' },
};

/**
 * /payment/success?orderId=…: docs/product.md section 2 "Payment Successful page" (public). It states
 * success only for a completed payment the signed-in student owns (read from the server); a declined,
 * cancelled, refunded, unknown or missing order shows the failed or unknown state instead.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const { token } = useAuth();
  const status = usePaymentStatus(orderId, Boolean(token));
  const record = status.data;
  const state = resultStateOf(record);
  const pending = state === 'pending';
  const failed = state === 'failed';
  usePageTitle(HEADINGS[state].title.replace('!', ''));

  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-xl bg-white p-6 shadow-md sm:p-8">
        <div className="flex flex-col items-center text-center">
          {state === 'success' ? (
            <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-green-600" />
          ) : pending ? (
            <Clock aria-hidden="true" className="h-14 w-14 text-amber-600" />
          ) : failed ? (
            <XCircle aria-hidden="true" className="h-14 w-14 text-red-600" />
          ) : (
            <CircleHelp aria-hidden="true" className="h-14 w-14 text-slate-500" />
          )}
          <h1 className="mt-3 text-2xl font-bold text-slate-900">{HEADINGS[state].title}</h1>
          {state === 'unknown' && !token
            ? null
            : (record || !status.isPending || !orderId) && <p className="mt-1 text-slate-600">{HEADINGS[state].text}</p>}
        </div>
        {failed && (
          <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            The gateway reports that this payment did not go through.{' '}
            <Link to={`/payment/failed?orderId=${encodeURIComponent(orderId)}`} className="font-semibold underline">
              See the details
            </Link>
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
                    <DetailRow label="Transaction ID">
                      <span className="font-mono text-sm">{r.transactionId ?? '—'}</span>
                    </DetailRow>
                    <DetailRow label="Course">{courseOf(r)}</DetailRow>
                    <DetailRow label={state === 'success' ? 'Amount Paid' : 'Amount'}>{formatINR(r.amount)}</DetailRow>
                    <DetailRow label="Payment Date">{formatDateTime(r.paymentDate ?? r.updatedAt)}</DetailRow>
                    <DetailRow label="Payment Method">{gatewayName(r.gateway)}</DetailRow>
                    <DetailRow label="Installment">{installmentLabel(r.transactionDetails.installmentNumber) ?? '—'}</DetailRow>
                  </>
                )}
              </>
            )}
          </StatusDetails>
        </div>
        {state === 'success' && (
          <p className="mt-6 flex items-start gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-800">
            <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> {PAYMENT_MSG.emailSent}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/student/dashboard" className={buttonClass.primary}>
            Go to Dashboard
          </Link>
          <Link to="/student/payments" className={buttonClass.secondary}>
            View Payment History
          </Link>
        </div>
      </div>
    </section>
  );
}
