import { formatDate, formatDateTime } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { CreditNoteRef } from '@app/common/schemas/payments';
import { type AdminPaymentDetail, REFUND_FLAG_LABELS } from '@app/common/schemas/payments-admin';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { buttonClass, Field } from '../../components/field.tsx';
import { EmptyState } from '../../components/states.tsx';
import { useAdminPayment } from './api/admin-payments.ts';
import { downloadCreditNote, downloadReceipt } from './api/receipt.ts';
import { PaymentHistoryLog } from './components/payment-history-log.tsx';
import { PaymentRowActions } from './components/payment-row-actions.tsx';
import { PaymentStatusBadge } from './components/payment-status-badge.tsx';
import { usePaymentActions } from './hooks/use-payment-actions.tsx';
import { useBounceCheque } from './api/counter.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { installmentLabel, methodLabel } from './labels.ts';
import { COUNTER_METHOD_LABELS } from '@app/common/schemas/collections';
import { QueryState } from '../../components/query-state.tsx';

function Item({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`mt-0.5 [overflow-wrap:anywhere] text-slate-900 ${mono ? 'font-mono text-xs' : 'font-medium'}`}>{children ?? '—'}</dd>
    </div>
  );
}

const card = 'rounded-xl bg-white p-5 shadow-sm';

function Record({ p }: { p: AdminPaymentDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {p.toRefund > 0 && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 lg:col-span-3">
          <p className="font-semibold">Flagged for refund: {formatINR(p.toRefund)}</p>
          <p className="mt-1 text-sm">
            {p.extraCaptures.some((c) => c.reason === 'overpaid')
              ? 'This payment took the student’s fees past what they owed. Refund the part beyond the fee with Refund.'
              : 'The gateway took this money twice. Refund the second capture from the gateway’s dashboard.'}
          </p>
        </div>
      )}
      <section aria-labelledby="record-title" className={`${card} lg:col-span-2`}>
        <h2 id="record-title" className="mb-4 text-lg font-semibold text-brand-800">
          Payment record
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item label="Student">
            {p.studentId ? (
              <Link to={`/admin/students/${p.studentId._id}`} className="text-brand-700 underline">
                {p.studentId.firstName} {p.studentId.lastName}
              </Link>
            ) : (
              'Deleted student'
            )}
          </Item>
          <Item label="Email">{p.studentId?.email}</Item>
          <Item label="Course">{p.course}</Item>
          <Item label="Type">{p.kind === 'installment' ? `Installment (${installmentLabel(p.installmentNumber)})` : 'Course fee'}</Item>
          <Item label="Amount">{formatINR(p.amount)}</Item>
          <Item label="Status">
            <PaymentStatusBadge status={p.status} />
          </Item>
          <Item label="Fee">{formatINR(p.fee)}</Item>
          <Item label="Discount">{p.discount > 0 ? `${formatINR(p.discount)} (${p.couponCode})` : formatINR(0)}</Item>
          <Item label="Method">
            {p.counterMethod
              ? `${COUNTER_METHOD_LABELS[p.counterMethod]} at the counter${p.receivedAt ? `, received ${formatDate(p.receivedAt)}` : ''}`
              : methodLabel(p.paymentMethod, p.gateway)}
          </Item>
          {p.reference && <Item label="Reference">{p.reference}</Item>}
          <Item label="Currency">{p.currency}</Item>
          <Item label="Order ID" mono>
            {p.orderId}
          </Item>
          <Item label="Gateway order ID" mono>
            {p.razorpayOrderId}
          </Item>
          <Item label="Gateway payment ID" mono>
            {p.razorpayPaymentId}
          </Item>
          <Item label="Transaction ID" mono>
            {p.transactionId}
          </Item>
          <Item label="Receipt number" mono>
            {p.receiptNumber}
          </Item>
          {p.invoiceNumber && (
            <Item label="Tax invoice number" mono>
              {p.invoiceNumber}
            </Item>
          )}
          {p.creditNotes.map((n) => (
            <Item key={n._id} label="Credit note">
              <CreditNote paymentId={p._id} note={n} />
            </Item>
          ))}
          <Item label="Gateway message">{p.responseMessage}</Item>
          <Item label="Created">{formatDateTime(p.createdAt)}</Item>
          <Item label="Paid">{p.paidAt ? formatDateTime(p.paidAt) : null}</Item>
          <Item label="Last updated">{formatDateTime(p.updatedAt)}</Item>
          {p.refunded > 0 && <Item label="Refunded so far">{`${formatINR(p.refunded)} of ${formatINR(p.amount)}`}</Item>}
          {p.refunds.map((r, i) => (
            <Item key={`${r.when}-${r.amount}-${r.refundId ?? r.who}`} label={`Refund ${i + 1}`}>
              {`${formatINR(r.amount)} on ${formatDateTime(r.when)} by ${r.who}${r.refundId ? ` (${r.refundId})` : ''}`}
            </Item>
          ))}
          {p.status === 'refunded' && (
            <>
              <Item label="Refunded">{p.refundedAt ? formatDateTime(p.refundedAt) : null}</Item>
              <Item label="Refund ID" mono>
                {p.refundId}
              </Item>
            </>
          )}
          {p.extraCaptures.map((c) => (
            <Item key={`${c.reason}-${c.gatewayPaymentId ?? c.when}`} label={REFUND_FLAG_LABELS[c.reason]}>
              <span className="font-semibold text-red-700">
                {`${formatINR(c.amount)}${c.gatewayPaymentId ? ` (${c.gatewayPaymentId})` : ''} on ${formatDateTime(c.when)}`}
              </span>
            </Item>
          ))}
        </dl>
      </section>
      <section aria-labelledby="log-title" className={card}>
        <h2 id="log-title" className="mb-4 text-lg font-semibold text-brand-800">
          History
        </h2>
        <PaymentHistoryLog events={p.history} />
      </section>
    </div>
  );
}

/** A credit note issued against the payment's invoice (a refund or a bounced cheque), with its PDF. */
function CreditNote({ paymentId, note }: { paymentId: string; note: CreditNoteRef }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCreditNote(paymentId, note._id);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not download the credit note. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        <span className="font-mono text-xs">{note.number}</span> · {formatINR(note.amount)} · {formatDate(note.issuedAt)}
      </span>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={download}
        disabled={busy}
        aria-label={`Download credit note ${note.number}`}
      >
        <Download aria-hidden="true" className="h-4 w-4" /> {busy ? 'Downloading...' : 'Download'}
      </button>
    </span>
  );
}

/** /admin/payments/{id}: the payment detail opened by View (docs/product.md section 2). */
export default function AdminPaymentDetailPage() {
  const { id = '' } = useParams();
  const payment = useAdminPayment(id);
  const actions = usePaymentActions();
  const [downloading, setDownloading] = useState(false);
  const bounce = useBounceCheque();
  const { can } = usePermissions();
  const [bouncing, setBouncing] = useState(false);
  const [reason, setReason] = useState('');

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadReceipt(id);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not download the receipt. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  const p = payment.data;
  return (
    <AdminPage
      title="Payment Details"
      back="/admin/payments"
      backLabel="Back to payments"
      actions={
        p && (
          <>
            <PaymentRowActions payment={p} busy={actions.busyId === p._id} onVerify={actions.verify} onRefund={actions.refund} hideView />
            {can('payments.bounce') && p.status === 'completed' && p.counterMethod === 'cheque' && p.refunded === 0 && (
              <button type="button" className={buttonClass.danger} onClick={() => setBouncing(true)}>
                Cheque Bounced
              </button>
            )}
            {p.status === 'completed' && (
              <button type="button" className={buttonClass.secondary} onClick={onDownload} disabled={downloading}>
                <Download aria-hidden="true" className="h-4 w-4" />{' '}
                {downloading ? 'Downloading...' : p.invoiceNumber ? 'Download Tax Invoice' : 'Download Receipt'}
              </button>
            )}
          </>
        )
      }
    >
      <QueryState
        query={payment}
        loadingText="Loading payment..."
        errorText={(e) => errorMessage(e, 'Failed to load the payment')}
        errorView={(e) =>
          e instanceof ApiError && (e.status === 404 || e.status === 400) ? (
            <EmptyState title="Payment not found" hint="It may have been removed, or the link is wrong." />
          ) : null
        }
      >
        {(p) => <Record p={p} />}
      </QueryState>
      {actions.dialog}
      <ConfirmDialog
        open={bouncing}
        onOpenChange={setBouncing}
        title="Mark this cheque bounced?"
        message={<p>The payment is reversed: it no longer counts towards the student's fees, and its receipt no longer stands.</p>}
        confirmLabel="Mark Bounced"
        busyLabel="Saving..."
        busy={bounce.isPending}
        onConfirm={() =>
          bounce.mutate(
            { id, reason },
            {
              onSuccess: () => {
                toast.success('Cheque marked bounced; the payment no longer counts');
                setBouncing(false);
              },
              onError: (err) => toast.error(errorMessage(err, 'Could not mark the cheque bounced.')),
            },
          )
        }
      >
        <Field label="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />
      </ConfirmDialog>
    </AdminPage>
  );
}
