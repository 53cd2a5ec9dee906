import { plural } from '@app/common/rules/text';
import { ENQUIRY_STAGE_LABELS, type Funnel, LOST_REASON_LABELS } from '@app/common/schemas/enquiries';
import { StatTile } from '../../../components/admin-page.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { formatMonth, formatRate, shareOf } from '../desk-format.ts';
import { BarFunnel } from './bar-funnel.tsx';

/** The funnel's first figures: enquiries, admitted, the conversion rate and the median days to admission. */
export function FunnelTiles({ funnel }: { funnel: Funnel }) {
  const enquiries = funnel.stages[0]?.count ?? 0;
  const admitted = funnel.stages.find((s) => s.stage === 'admitted')?.count ?? 0;
  const days = funnel.medianDaysToAdmission;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatTile label="Enquiries" value={enquiries} />
      <StatTile label="Admitted" value={admitted} tone="green" />
      <StatTile label="Conversion" value={formatRate(funnel.conversionRate)} tone="amber" />
      <StatTile label="Median days to admission" value={days === null ? '—' : plural(days, 'day')} tone="slate" />
    </div>
  );
}

type MonthRow = Funnel['byMonth'][number];

/** The funnel stage by stage, the lost enquiries by reason, and the months. */
export function FunnelDetails({ funnel }: { funnel: Funnel }) {
  const total = funnel.stages[0]?.count ?? 0;
  const lost = funnel.lost.filter((l) => l.count > 0);
  const lostTotal = lost.reduce((n, l) => n + l.count, 0);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="stages-heading" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="stages-heading" className="sr-only">
          Stages
        </h2>
        <BarFunnel
          title="Enquiries reaching each stage"
          bars={funnel.stages.map((s) => ({ label: ENQUIRY_STAGE_LABELS[s.stage], value: s.count, note: shareOf(s.count, total) }))}
        />
      </section>
      <section aria-labelledby="lost-heading" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="lost-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Lost: {lostTotal}
        </h2>
        {lost.length === 0 ? (
          <p className="text-sm text-slate-600">No enquiry of this period was lost.</p>
        ) : (
          <BarFunnel
            title="Lost enquiries by reason"
            colour="#94a3b8"
            bars={lost.map((l) => ({ label: LOST_REASON_LABELS[l.reason], value: l.count, note: shareOf(l.count, lostTotal) }))}
          />
        )}
      </section>
      <section aria-labelledby="months-heading">
        <h2 id="months-heading" className="mb-3 text-lg font-semibold text-slate-900">
          By month
        </h2>
        {funnel.byMonth.length === 0 ? (
          <p className="text-sm text-slate-600">No enquiries in this period.</p>
        ) : (
          <DataTable<MonthRow>
            rows={funnel.byMonth}
            rowKey={(m) => m.month}
            caption="Enquiries and admissions by month"
            cardTitle={(m) => <span className="font-semibold text-slate-900">{formatMonth(m.month)}</span>}
            columns={[
              { header: 'Month', rowHeader: true, hideInCard: true, cell: (m) => formatMonth(m.month) },
              { header: 'Enquiries', cell: (m) => m.enquiries },
              { header: 'Admitted', cell: (m) => m.admitted },
              { header: 'Conversion', cell: (m) => shareOf(m.admitted, m.enquiries) || '—' },
            ]}
          />
        )}
      </section>
    </div>
  );
}
