import { useQueryClient } from '@tanstack/react-query';
// The parent's area composes the parents feature's screens with the analysis feature's trend chart and the
// payments feature's checkout (fees are a payments concern), so it lives in app/.
import { LineChart } from '../../features/analysis/components/charts.tsx';
import { ParentHome } from '../../features/parents/components/parent-home.tsx';
import { ParentPayButton } from '../../features/payments/components/parent-pay-button.tsx';
import { useChildren } from '../../features/parents/api/parent.ts';

/** /parent (docs/product-parents.md "The parent's area"). */
export default function ParentHomePage() {
  const qc = useQueryClient();
  const children = useChildren();
  const nameOf = (id: string) => {
    const c = children.data?.find((x) => x._id === id);
    return c ? `${c.firstName} ${c.lastName}`.trim() : 'your child';
  };
  return (
    <ParentHome
      slots={{
        // Oldest first, as the student's own trend: score % and percentile across published mocks.
        trend: (results) => (
          <LineChart
            title="Score trend"
            series={['Score %', 'Percentile']}
            points={[...results].reverse().map((r) => ({ label: r.exam.title, values: [r.percentage, r.percentile] }))}
          />
        ),
        pay: ({ childId, installment }) => (
          <ParentPayButton
            childId={childId}
            childName={nameOf(childId)}
            installment={installment}
            onPaid={() => void qc.invalidateQueries({ queryKey: ['parent'] })}
          />
        ),
      }}
    />
  );
}
