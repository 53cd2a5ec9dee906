// The parent's area composes the parents feature's screens with the analysis feature's trend chart and the
// payments feature's checkout (fees are a payments concern), so it lives in app/.
import { LineChart } from '../../features/analysis/components/charts.tsx';
import { ParentHome } from '../../features/parents/components/parent-home.tsx';
import { ParentPayButton } from '../../features/payments/components/parent-pay-button.tsx';

/** /parent (docs/product-parents.md "The parent's area"). */
export default function ParentHomePage() {
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
        pay: ({ childId, admissionId, installment }) => (
          <ParentPayButton childId={childId} admissionId={admissionId} installment={installment} />
        ),
      }}
    />
  );
}
