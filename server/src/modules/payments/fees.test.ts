import { describe, expect, it } from 'vitest';
import type { PaymentRow } from './dto.ts';
import { type ApprovedAdmission, computeSummary } from './fees.ts';

// The payment summary as a pure function of the admission, the payments and "now".

// Approved 10 Jan 2026, 15:00 IST.
const admission: ApprovedAdmission = {
  id: 'adm-1',
  admissionNumber: 'ADM-2026-0001',
  centreId: 'dumdum',
  admissionDate: new Date('2026-01-10T09:30:00Z'),
  course: { id: 'course-1', name: 'CLAT', feeType: 'full', pricePaise: 2_500_100 },
  feePlan: { installments: 4 },
};

let n = 0;
function payment(p: Partial<PaymentRow>): PaymentRow {
  n++;
  return {
    id: `p${n}`,
    studentId: 's',
    courseId: 'course-1',
    courseName: 'CLAT',
    admissionId: 'adm-1',
    kind: 'installment',
    amountPaise: 0,
    feePaise: 0,
    discountPaise: 0,
    couponCode: null,
    currency: 'INR',
    status: 'completed',
    method: 'gateway',
    paidBy: 'student',
    paidByParentId: null,
    gateway: 'sandbox',
    orderId: `ORD_${n}`,
    gatewayOrderId: `ORD_${n}`,
    gatewayPaymentId: null,
    transactionId: null,
    installmentNumber: 1,
    receiptNumber: null,
    responseMessage: null,
    counterMethod: null,
    reference: null,
    centreId: null,
    receivedAt: null,
    paidAt: new Date('2026-01-11T06:00:00Z'),
    refundId: null,
    refundedAt: null,
    refundedPaise: 0,
    createdAt: new Date('2026-01-11T06:00:00Z'),
    updatedAt: new Date('2026-01-11T06:00:00Z'),
    ...p,
  };
}
const at = (iso: string) => new Date(iso);

describe('due dates', () => {
  const dueDates = (admissionDate: Date) =>
    computeSummary({ ...admission, admissionDate }, [], admissionDate).installments.map((i) => i.dueDate);
  it('are the admission date + 0..3 months, as IST calendar days', () => {
    expect(dueDates(admission.admissionDate)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10']);
  });
  it('clamp to the last day of a shorter month', () => {
    expect(dueDates(new Date('2026-01-31T06:00:00Z'))[1]).toBe('2026-02-28');
  });
  it('use the IST calendar day (late evening UTC is the next day in India)', () => {
    expect(dueDates(new Date('2026-03-31T20:00:00Z'))[0]).toBe('2026-04-01');
  });
});

describe('computeSummary', () => {
  it('splits the fees in four whole-rupee parts, the last taking the remainder', () => {
    const s = computeSummary(admission, [], at('2026-01-10T10:00:00Z'));
    expect(s.installments.map((i) => i.amount)).toEqual([6_250, 6_250, 6_250, 6_251]);
    expect(s).toMatchObject({ totalFees: 25_001, paidAmount: 0, pendingAmount: 25_001, paymentStatus: 'unpaid' });
    expect(s.installments.map((i) => i.installmentNumber)).toEqual([1, 2, 3, 4]);
    expect(s.installments[0].type).toBe('installment');
  });

  it('an installment is pending on its due day and overdue the day after (IST)', () => {
    // Installment 2 is due 10 Feb 2026.
    const onDueDayLate = computeSummary(admission, [], at('2026-02-10T18:29:00Z')); // 23:59 IST on 10 Feb
    expect(onDueDayLate.installments[1].status).toBe('pending');
    const nextDay = computeSummary(admission, [], at('2026-02-10T18:31:00Z')); // 00:01 IST on 11 Feb
    expect(nextDay.installments[1].status).toBe('overdue');
    expect(nextDay.installments[2].status).toBe('pending');
    expect(nextDay.installments[0].status).toBe('overdue');
  });

  it('only completed payments of this admission count; paid is never overdue', () => {
    const rows = [
      payment({ installmentNumber: 1, amountPaise: 300_000, paidAt: at('2026-01-11T06:00:00Z') }),
      payment({ installmentNumber: 1, amountPaise: 325_000, paidAt: at('2026-01-12T06:00:00Z') }),
      payment({ installmentNumber: 2, amountPaise: 600_000, paidAt: at('2026-02-01T06:00:00Z') }), // 12250 in all: short of the 2nd
      payment({ installmentNumber: 3, amountPaise: 625_000, status: 'pending' }),
      payment({ installmentNumber: 3, amountPaise: 625_000, status: 'failed' }),
      payment({ installmentNumber: 4, amountPaise: 625_100, status: 'refunded' }),
      payment({ installmentNumber: 4, amountPaise: 625_100, admissionId: 'another' }),
    ];
    const s = computeSummary(admission, rows, at('2026-06-01T00:00:00Z'));
    expect(s.installments.map((i) => i.status)).toEqual(['paid', 'overdue', 'overdue', 'overdue']);
    expect(s.installments[0].paidDate).toBe('2026-01-12T06:00:00.000Z');
    expect(s).toMatchObject({ paidAmount: 12_250, pendingAmount: 12_751, paymentStatus: 'partial' });
  });

  it('money paid ahead covers the next installments, whatever installment was picked', () => {
    // One payment of half the fee, picked as the 1st: the 2nd is paid too, never overdue.
    const ahead = computeSummary(
      admission,
      [payment({ installmentNumber: 1, amountPaise: 1_250_000, paidAt: at('2026-01-11T06:00:00Z') })],
      at('2026-03-15T06:00:00Z'),
    );
    expect(ahead.installments.map((i) => i.status)).toEqual(['paid', 'paid', 'overdue', 'pending']);
    expect(ahead.installments[1].paidDate).toBe('2026-01-11T06:00:00.000Z');
    expect(ahead).toMatchObject({ paidAmount: 12_500, pendingAmount: 12_501 });

    // A payment picked as the 2nd covers the one due first.
    const second = computeSummary(admission, [payment({ installmentNumber: 2, amountPaise: 625_000 })], at('2026-02-20T06:00:00Z'));
    expect(second.installments.map((i) => i.status)).toEqual(['paid', 'overdue', 'pending', 'pending']);
  });

  it('an installment is paid on the day the payments first add up to it', () => {
    const rows = [
      payment({ amountPaise: 300_000, paidAt: at('2026-01-11T06:00:00Z') }),
      payment({ amountPaise: 500_000, paidAt: at('2026-01-20T06:00:00Z') }),
      payment({ installmentNumber: 3, amountPaise: 500_000, paidAt: at('2026-02-05T06:00:00Z') }),
    ];
    const s = computeSummary(admission, rows, at('2026-02-06T06:00:00Z'));
    expect(s.installments.map((i) => i.paidDate)).toEqual(['2026-01-20T06:00:00.000Z', '2026-02-05T06:00:00.000Z', null, null]);
    expect(s.installments.map((i) => i.status)).toEqual(['paid', 'paid', 'pending', 'pending']);
  });

  it('a course fee paid with a coupon settles the whole fee; paid is the money received, the discount its own line', () => {
    const rows = [
      payment({
        kind: 'fee',
        admissionId: null,
        installmentNumber: null,
        feePaise: 2_500_100,
        amountPaise: 2_000_080,
        paidAt: at('2026-01-15T06:00:00Z'),
      }),
    ];
    const s = computeSummary(admission, rows, at('2026-06-01T00:00:00Z'));
    expect(s).toMatchObject({ paidAmount: 20_000.8, discountAmount: 5_000.2, pendingAmount: 0, paymentStatus: 'completed', nextDue: null });
    expect(s.installments.every((i) => i.status === 'paid' && i.paidDate === '2026-01-15T06:00:00.000Z')).toBe(true);
  });

  it('a fee payment for another course does not count', () => {
    const rows = [payment({ kind: 'fee', courseId: 'other', installmentNumber: null, feePaise: 2_500_100, amountPaise: 2_500_100 })];
    expect(computeSummary(admission, rows, at('2026-01-10T10:00:00Z')).paymentStatus).toBe('unpaid');
  });

  it('monthly courses give monthly installments', () => {
    const s = computeSummary({ ...admission, course: { ...admission.course, feeType: 'monthly' } }, [], at('2026-01-10T10:00:00Z'));
    expect(s.installments.every((i) => i.type === 'monthly')).toBe(true);
  });
});
