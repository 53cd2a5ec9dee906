import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import { isCheckoutNotCompleted, PAYMENT_MSG, type PaymentHistoryItem } from '@app/common/schemas/payments';
import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { usePaymentHistory } from '../api/history.ts';
import { downloadCreditNote, downloadReceipt } from '../api/receipt.ts';
import { Badge } from '../../../components/badge.tsx';
import { installmentLabel, methodLabel, OFFLINE_NOTE } from '../labels.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

function Entry({
  p,
  downloading,
  onDownload,
  onDownloadNote,
}: {
  p: PaymentHistoryItem;
  downloading: string | null;
  onDownload: () => void;
  onDownloadNote: (noteId: string) => void;
}) {
  const installment = installmentLabel(p.installmentNumber);
  const document = p.invoiceNumber ? 'Tax Invoice' : 'Receipt';
  // An online checkout nobody completed is no money: not "Pending" (docs/product.md section 11).
  const notCompleted = isCheckoutNotCompleted(p);
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">{p.course}</p>
          <p className="text-xs text-slate-500">
            {p.kind === 'installment' ? `Installment: ${installment}` : 'Course fee'}
            {p.couponCode && ` · coupon ${p.couponCode}`}
          </p>
        </div>
        <div className="text-right">
          <p className={notCompleted ? 'font-semibold text-slate-500' : 'font-bold text-slate-900'}>{formatINR(p.amount)}</p>
          {notCompleted ? <Badge tone="slate">{PAYMENT_MSG.notCompleted}</Badge> : <PaymentStatusBadge status={p.status} />}
        </div>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Date</dt>
          <dd>{formatDate(p.date)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Transaction ID</dt>
          <dd className="[overflow-wrap:anywhere] font-mono text-xs">{p.transactionId ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Method</dt>
          <dd>{methodLabel(p.method, p.gateway)}</dd>
        </div>
      </dl>
      {p.status === 'pending' && p.method === 'offline' && <p className="mt-2 text-sm text-amber-800">{OFFLINE_NOTE}</p>}
      {notCompleted && p.status === 'pending' && <p className="mt-2 text-sm text-slate-600">{PAYMENT_MSG.notCompletedNote}</p>}
      {p.status === 'completed' && (
        <button
          type="button"
          onClick={onDownload}
          disabled={downloading === p._id}
          aria-label={`Download ${document} for ${p.course}, ${formatINR(p.amount)}`}
          className="mt-3 inline-flex items-center gap-2 rounded-md border border-brand-100 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {downloading === p._id ? 'Downloading...' : `Download ${document}`}
        </button>
      )}
      {(p.creditNotes ?? []).length > 0 && (
        <ul className="mt-3 grid gap-2 text-sm" aria-label={`Credit notes for ${p.course}`}>
          {(p.creditNotes ?? []).map((n) => (
            <li key={n._id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2">
              <span>
                Credit note <span className="font-mono text-xs">{n.number}</span> · {formatINR(n.amount)} · {formatDate(n.issuedAt)}
              </span>
              <button
                type="button"
                onClick={() => onDownloadNote(n._id)}
                disabled={downloading === n._id}
                aria-label={`Download credit note ${n.number}`}
                className="inline-flex items-center gap-2 rounded-md border border-brand-100 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                {downloading === n._id ? 'Downloading...' : 'Download'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Payment history (real, from the server): 'No payments yet' when empty; receipts on completed items. */
export function PaymentHistory() {
  const history = usePaymentHistory();
  const [downloading, setDownloading] = useState<string | null>(null);

  const onDownload = async (key: string, download: () => Promise<void>, failure: string) => {
    setDownloading(key);
    try {
      await download();
    } catch (err) {
      toast.error(errorMessage(err, failure));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section aria-labelledby="history-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="history-title" className="mb-4 flex items-center gap-2 text-lg font-semibold text-brand-800">
        <History aria-hidden="true" className="h-5 w-5" /> Payment History
      </h2>
      <QueryState
        query={history}
        compact
        loadingText="Loading payment history..."
        errorText={(e) => errorMessage(e, 'Failed to load payment history')}
        isEmpty={(d) => d.length === 0}
        empty={PAYMENT_MSG.noPayments}
      >
        {(payments) => (
          <ul className="grid gap-3" aria-label="Payments">
            {payments.map((p) => (
              <Entry
                key={p._id}
                p={p}
                downloading={downloading}
                onDownload={() => onDownload(p._id, () => downloadReceipt(p._id), 'Could not download the receipt. Please try again.')}
                onDownloadNote={(noteId) =>
                  onDownload(noteId, () => downloadCreditNote(p._id, noteId), 'Could not download the credit note. Please try again.')
                }
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
