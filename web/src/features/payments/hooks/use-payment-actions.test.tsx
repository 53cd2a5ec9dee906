import type { AdminPayment } from '@app/common/schemas/payments-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePaymentActions } from './use-payment-actions.tsx';

// docs/product.md section 8 "Payment (admin)": 'Error verifying payment. Please try again.' and
// 'Error processing refund. Please try again.'; a refusal the server explains is shown as it is.

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));

const payment = (status: AdminPayment['status']): AdminPayment => ({
  _id: 'p1',
  studentId: { _id: 's1', firstName: 'Asha', lastName: 'Roy', email: 'asha@test.local' },
  amount: 25_000,
  fee: 25_000,
  discount: 0,
  couponCode: null,
  currency: 'INR',
  course: 'CLAT Preparation',
  kind: 'fee',
  installmentNumber: null,
  status,
  paymentMethod: 'offline',
  gateway: null,
  orderId: 'ORD_1',
  transactionId: null,
  razorpayOrderId: null,
  razorpayPaymentId: null,
  receiptNumber: null,
  responseMessage: null,
  refunded: 0,
  counterMethod: null,
  reference: null,
  centre: null,
  receivedAt: null,
  paidAt: null,
  createdAt: '2026-01-10T06:00:00.000Z',
  updatedAt: '2026-01-10T06:00:00.000Z',
});

function Harness({ p }: { p: AdminPayment }) {
  const actions = usePaymentActions();
  return (
    <>
      <button type="button" onClick={() => (p.status === 'pending' ? actions.verify(p) : actions.refund(p))}>
        Start
      </button>
      {actions.dialog}
    </>
  );
}

function run(p: AdminPayment, answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness p={p} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Start' }));
  const label = p.status === 'pending' ? 'Verify' : 'Refund';
  fireEvent.click(screen.getByRole('button', { name: label }));
}

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeEach(() => toastError.mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('usePaymentActions failures', () => {
  it('a server error on Verify shows the spec message, not a generic one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    run(payment('pending'), () => json(500, { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error verifying payment. Please try again.'));
  });

  it('a lost connection on Refund shows the spec message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    run(payment('completed'), () => Promise.reject(new TypeError('Failed to fetch')));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error processing refund. Please try again.'));
  });

  it('a refusal the server explains is shown as it is', async () => {
    run(payment('pending'), () => json(409, { message: 'The gateway has not received this payment.', code: 'CONFLICT' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The gateway has not received this payment.'));
  });
});
