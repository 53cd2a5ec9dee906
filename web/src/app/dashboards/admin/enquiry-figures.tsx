import { useQuery } from '@tanstack/react-query';
import { funnelQuery } from '../../../features/enquiries/api/enquiries.ts';
import { formatRate, thisMonth } from '../../../features/enquiries/desk-format.ts';
import { DashboardCard } from './dashboard-card.tsx';

/** This month's enquiries, admissions and conversion (the desk's funnel, India's calendar), linking to the funnel. */
export function EnquiryFigures() {
  const funnel = useQuery(funnelQuery(thisMonth()));
  return (
    <DashboardCard
      title="Enquiries this month"
      to="/admin/enquiries/funnel"
      linkText="View funnel"
      query={funnel}
      failText="Could not load this month’s enquiries."
      isEmpty={() => false}
      emptyText=""
    >
      {(f) => {
        const figures = [
          { label: 'Enquiries', value: String(f.stages[0]?.count ?? 0) },
          { label: 'Admitted', value: String(f.stages.find((s) => s.stage === 'admitted')?.count ?? 0) },
          { label: 'Conversion', value: formatRate(f.conversionRate) },
        ];
        return (
          <dl className="grid grid-cols-3 gap-3 text-center" data-testid="enquiry-figures">
            {figures.map((x) => (
              <div key={x.label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-sm text-slate-600">{x.label}</dt>
                <dd className="text-2xl font-bold text-slate-900">{x.value}</dd>
              </div>
            ))}
          </dl>
        );
      }}
    </DashboardCard>
  );
}
