import type { ChildOverview } from '@app/common/schemas/parents';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '../../../lib/api-client.ts';
import { AuthProvider } from '../../../lib/auth.tsx';
import { ChildOverviewView } from './child-overview.tsx';
import { ParentHome } from './parent-home.tsx';

// docs/product-parents.md "The parent's area": a child with nothing yet (no class, no mock, no fee plan)
// reads as such in every section, never as zeros that look like results.

afterEach(cleanup);

const empty: ChildOverview = {
  attendance: {
    month: { held: 0, present: 0, percentage: null },
    course: { held: 0, present: 0, percentage: null },
    recentAbsences: [],
    timetable: [],
  },
  exams: { upcoming: [], results: [] },
  fees: { totalFees: 0, paidAmount: 0, pendingAmount: 0, installments: [], receipts: [] },
  notices: [],
};

const wrap = (ui: React.ReactNode) => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <AuthProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
};

describe("a child's overview", () => {
  it('says what is not there yet in every section, and offers no Pay', () => {
    wrap(<ChildOverviewView childId="c1" overview={empty} slots={{ pay: () => <button type="button">Pay</button> }} />);
    const attendance = screen.getByRole('region', { name: 'Attendance' });
    expect(within(attendance).getAllByText('No classes yet')).toHaveLength(2);
    expect(within(attendance).getByText('No absences recorded.')).toBeTruthy();
    expect(within(attendance).getByText('No classes this week.')).toBeTruthy();
    const exams = screen.getByRole('region', { name: 'Exams' });
    expect(within(exams).getByText('No upcoming mocks.')).toBeTruthy();
    expect(within(exams).getByText('No results published yet.')).toBeTruthy();
    const fees = screen.getByRole('region', { name: 'Fees' });
    expect(within(fees).getAllByText('₹0')).toHaveLength(3);
    expect(within(fees).getByText('No fee schedule yet.')).toBeTruthy();
    expect(within(fees).getByText('No payments yet.')).toBeTruthy();
    expect(within(fees).queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Notices' })).getByText('No notices.')).toBeTruthy();
  });

  it('shows dues in rupees with Indian grouping, overdue installments, and Pay for the next one', () => {
    const overview: ChildOverview = {
      ...empty,
      attendance: {
        ...empty.attendance,
        month: { held: 4, present: 3, percentage: 75 },
        recentAbsences: [{ date: '2026-12-03', subject: 'Legal Reasoning', topic: 'Torts' }],
      },
      fees: {
        admissionId: 'adm-1',
        totalFees: 150000,
        paidAmount: 50000,
        pendingAmount: 100000,
        installments: [
          { number: 1, label: 'Installment 1', dueDate: '2026-11-01', amount: 50000, paid: 50000, outstanding: 0, overdue: false },
          { number: 2, label: 'Installment 2', dueDate: '2026-12-01', amount: 50000, paid: 0, outstanding: 50000, overdue: true },
          { number: 3, label: 'Installment 3', dueDate: '2027-01-01', amount: 50000, paid: 0, outstanding: 50000, overdue: false },
        ],
        receipts: [{ _id: 'pay1', receiptNumber: 'RCP-1', amount: 50000, paidAt: '2026-11-01T05:00:00.000Z', paidBy: 'parent' }],
      },
    };
    wrap(
      <ChildOverviewView
        childId="c1"
        overview={overview}
        slots={{ pay: ({ installment }) => <button type="button">Pay {installment.label}</button> }}
      />,
    );
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('3 Dec 2026')).toBeTruthy();
    expect(screen.getByText('Legal Reasoning: Torts')).toBeTruthy();
    const fees = screen.getByRole('region', { name: 'Fees' });
    expect(within(fees).getByText('₹1,50,000')).toBeTruthy();
    expect(within(fees).getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(within(fees).getByRole('button', { name: 'Pay Installment 2' })).toBeTruthy();
    expect(within(fees).getByRole('button', { name: 'Download receipt RCP-1' })).toBeTruthy();
  });

  it("draws the trend from the child's own analysis, oldest first", () => {
    const result = (id: string, title: string) => ({
      exam: { _id: id, title },
      submittedAt: '2026-12-01T05:00:00.000Z',
      marksObtained: 3,
      totalMarks: 4,
      percentage: 75,
      rank: 2,
      candidates: 9,
      percentile: 87.5,
      sections: [{ title: 'Legal Reasoning', marksObtained: 3, totalMarks: 4 }],
    });
    const overview: ChildOverview = {
      ...empty,
      exams: {
        upcoming: [],
        results: [result('e2', 'Mock 2'), result('e1', 'Mock 1')],
        trend: [
          { examId: 'e1', title: 'Mock 1', submittedAt: '2026-11-01T05:00:00.000Z', score: 2, totalMarks: 4, percentile: 50 },
          { examId: 'e2', title: 'Mock 2', submittedAt: '2026-12-01T05:00:00.000Z', score: 3, totalMarks: 4, percentile: 87.5 },
        ],
      },
    };
    wrap(
      <ChildOverviewView
        childId="c1"
        overview={overview}
        slots={{ trend: (points) => <p>{points.map((p) => `${p.title} ${p.percentage}% ${p.percentile}`).join(', ')}</p> }}
      />,
    );
    expect(screen.getByText('Mock 1 50% 50, Mock 2 75% 87.5')).toBeTruthy();
    expect(screen.getAllByText('2 of 9').length).toBe(2);
  });

  it('says so when no student is linked to the parent yet', async () => {
    setApiTransport(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    wrap(<ParentHome />);
    expect(await screen.findByText('No student is linked to your number yet')).toBeTruthy();
  });
});
