import { afterEach, describe, expect, it, vi } from 'vitest';
import { counterPaymentBody } from './collections.ts';

// The date a counter payment was received: a date alone is a day in India (docs/product.md section 11).
const body = (receivedAt: string) => ({
  studentId: '00000000-0000-4000-8000-000000000000',
  amount: 500,
  method: 'cash',
  receivedAt,
  centre: 'kasba',
});

describe('counter payment receivedAt', () => {
  afterEach(() => vi.useRealTimers());

  it("is today's date at 08:30 in India: now, not noon (money taken this morning is not in the future)", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
    const parsed = counterPaymentBody.parse(body('2026-11-26'));
    expect(parsed.receivedAt.toISOString()).toBe('2026-11-26T03:00:00.000Z');
  });

  it('is noon in India for another day, past or coming', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
    expect(counterPaymentBody.parse(body('2026-11-25')).receivedAt.toISOString()).toBe('2026-11-25T06:30:00.000Z');
    expect(counterPaymentBody.parse(body('2026-11-27')).receivedAt.toISOString()).toBe('2026-11-27T06:30:00.000Z');
  });
});
