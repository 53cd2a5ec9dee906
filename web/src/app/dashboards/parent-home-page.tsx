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
        // The student's own trend chart: score % and percentile across ranked mocks, oldest first.
        trend: (points) => (
          <LineChart
            title="Score (%) and percentile across mocks"
            series={['Score %', 'Percentile']}
            points={points.map((p) => ({ label: p.title, values: [p.percentage, p.percentile] }))}
          />
        ),
        pay: ({ childId, admissionId, installment }) => (
          <ParentPayButton childId={childId} admissionId={admissionId} installment={installment} />
        ),
      }}
    />
  );
}
