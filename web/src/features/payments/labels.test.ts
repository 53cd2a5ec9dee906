import type { PaymentStatusRecord } from '@app/common/schemas/payments';
import { describe, expect, it } from 'vitest';
import { resultStateOf } from './labels.ts';

// /payment/success states success only for a completed payment of the caller's own (the server answers
// the record only to its owner); a declined order, an unknown one or none at all is not a success.

const record = (status: PaymentStatusRecord['status']): PaymentStatusRecord => ({
  _id: 'p1',
  orderId: 'ORD_1',
  transactionId: null,
  amount: 25_000,
  currency: 'INR',
  status,
  updatedAt: '2026-01-10T06:00:00.000Z',
  paymentDate: null,
  method: 'gateway',
  gateway: 'razorpay',
  kind: 'fee',
  course: 'CLAT Preparation',
  receiptNumber: null,
  admission: null,
  transactionDetails: { installmentNumber: null, responseMessage: null },
});

describe('resultStateOf', () => {
  it('success only for a completed payment', () => {
    expect(resultStateOf(record('completed'))).toBe('success');
    expect(resultStateOf(record('pending'))).toBe('pending');
    expect(resultStateOf(record('failed'))).toBe('failed');
    expect(resultStateOf(record('cancelled'))).toBe('failed');
    expect(resultStateOf(record('refunded'))).toBe('unknown');
    expect(resultStateOf(undefined)).toBe('unknown');
  });
});
