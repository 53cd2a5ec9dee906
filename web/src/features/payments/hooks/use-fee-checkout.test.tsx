import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeeCheckout } from './use-fee-checkout.ts';

// docs/product.md section 8 "Fee payment": 'Payment failed. Please try again.' when the order cannot be made;
// a refusal the server explains (an unknown coupon) is shown as it is. Either way the page is idle again.

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

function setUp(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  const qc = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => useFeeCheckout({ onPaid: vi.fn(), onOfflineRecorded: vi.fn() }), { wrapper });
}

const body = { courseId: '5f0c6f3e-8a51-4a8e-9d6e-6f1f4b1c2d3e', courseName: 'CLAT Preparation', method: 'gateway' as const };

beforeEach(() => toastError.mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useFeeCheckout: the order cannot be made', () => {
  it('a server error shows the spec message and goes back to idle', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = setUp(() => json(500, { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }));
    await act(() => result.current.start(body));
    expect(toastError).toHaveBeenCalledWith('Payment failed. Please try again.');
    expect(result.current.processing).toBe(false);
  });

  it('a refusal the server explains is shown as it is', async () => {
    const { result } = setUp(() =>
      json(400, { message: 'Invalid coupon code', code: 'BAD_REQUEST', fields: { couponCode: 'Invalid coupon code' } }),
    );
    await act(() => result.current.start({ ...body, couponCode: 'NOPE' }));
    expect(toastError).toHaveBeenCalledWith('Invalid coupon code');
    expect(result.current.processing).toBe(false);
  });
});
