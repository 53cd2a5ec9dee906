import { todayInIndia } from '@app/common';
import { formatDay } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import { COLLECTION_METHOD_LABELS, type Collections } from '@app/common/schemas/collections';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useMyCentres } from '../../api/centres.ts';
import { AdminPage, StatTile } from '../../components/admin-page.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass, Field } from '../../components/field.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { downloadFile, errorMessage } from '../../lib/api-client.ts';
import { type CollectionFilters, collectionsPath, useCollections } from './api/counter.ts';

type Payment = Collections['payments'][number];
const day = (d: string) => formatDay(d);
const columns: Column<Payment>[] = [
  { header: 'Date', className: 'whitespace-nowrap', cell: (p) => day(p.date) },
  { header: 'Receipt', className: 'whitespace-nowrap font-mono text-xs', cell: (p) => p.receiptNumber ?? '—' },
  { header: 'Student', cell: (p) => p.student, hideInCard: true },
  { header: 'Course', cell: (p) => p.course },
  { header: 'Centre', cell: (p) => p.centreName },
  { header: 'Method', cell: (p) => COLLECTION_METHOD_LABELS[p.method] ?? p.method },
  { header: 'Reference', className: '[overflow-wrap:anywhere] text-xs', cell: (p) => p.reference ?? '—' },
  { header: 'Amount', className: 'whitespace-nowrap font-medium text-slate-900', cell: (p) => formatINR(p.amount) },
  // Money taken twice or beyond what was owed (docs/product.md section 11): to be refunded.
  {
    header: 'To refund',
    className: 'whitespace-nowrap',
    cell: (p) => (p.toRefund > 0 ? <span className="font-semibold text-red-700">{formatINR(p.toRefund)}</span> : '—'),
  },
];

function Breakdown({ title, rows }: { title: string; rows: { key: string; label: string; amount: number; count: number }[] }) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-4 shadow-sm">
      <h2 className="mb-2 font-semibold text-slate-800">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing collected.</p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {rows.map((r) => (
            <div key={r.key} className="contents">
              <dt className="text-slate-600">
                {r.label} <span className="text-xs">({r.count})</span>
              </dt>
              <dd className="text-right font-medium">{formatINR(r.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** /admin/payments/collections: what came in, per day, centre and method (docs/product.md, "Counter payments and collections"). */
export default function CollectionsPage() {
  const [params, setParams] = useSearchParams();
  const today = todayInIndia();
  const f: CollectionFilters = {
    from: params.get('from') || today,
    to: params.get('to') || params.get('from') || today,
    centre: params.get('centre') ?? '',
  };
  const report = useCollections(f);
  const centres = useMyCentres();
  const set = (key: keyof CollectionFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const download = (format: 'csv' | 'pdf') =>
    downloadFile(collectionsPath(f, format), { fallbackName: `collections.${format}`, failure: 'Could not download the report.' }).catch(
      (err) => toast.error(errorMessage(err, 'Could not download the report.')),
    );
  return (
    <AdminPage
      title="Collections"
      back="/admin/payments"
      backLabel="Back to payments"
      actions={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => download('csv')}>
            <Download aria-hidden="true" className="h-4 w-4" /> CSV
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => download('pdf')}>
            <Download aria-hidden="true" className="h-4 w-4" /> PDF
          </button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div className="w-44">
          <Field label="From" type="date" value={f.from} max={today} onChange={(e) => e.target.value && set('from', e.target.value)} />
        </div>
        <div className="w-44">
          <Field label="To" type="date" value={f.to} max={today} onChange={(e) => e.target.value && set('to', e.target.value)} />
        </div>
        <FilterSelect
          label="Centre"
          value={f.centre}
          onChange={(v) => set('centre', v)}
          options={[{ value: '', label: 'All centres' }, ...(centres.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        />
      </div>
      <QueryState query={report} loadingText="Loading collections..." errorText={(e) => errorMessage(e, 'Could not load the collections.')}>
        {(c) => (
          <div className="flex flex-col gap-4">
            <div className={`grid gap-4 sm:grid-cols-2 ${c.toRefund.count > 0 ? 'lg:grid-cols-3' : ''}`}>
              <StatTile label="Collected" value={formatINR(c.total.amount)} tone="green" />
              <StatTile label="Payments" value={c.total.count} tone="brand" />
              {c.toRefund.count > 0 && (
                <StatTile
                  label={`To refund (${c.toRefund.count} ${c.toRefund.count === 1 ? 'payment' : 'payments'})`}
                  value={formatINR(c.toRefund.amount)}
                  tone="red"
                />
              )}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <Breakdown
                title="By centre"
                rows={c.byCentre.map((g) => ({ key: g.centre ?? '', label: g.name, amount: g.amount, count: g.count }))}
              />
              <Breakdown
                title="By method"
                rows={c.byMethod.map((g) => ({ key: g.method, label: g.label, amount: g.amount, count: g.count }))}
              />
            </div>
            {c.payments.length === 0 ? (
              <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm">No payments in this period.</p>
            ) : (
              <DataTable
                rows={c.payments}
                rowKey={(p) => p._id}
                columns={columns}
                caption="Payments collected"
                cardTitle={(p) => <p className="font-semibold text-slate-900">{p.student}</p>}
                cardBadge={(p) => <span className="font-semibold">{formatINR(p.amount)}</span>}
              />
            )}
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
