import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTimeSpent } from './use-time-spent.ts';

beforeEach(() => {
  vi.useFakeTimers({
    now: Date.parse('2026-11-24T10:00:00.000Z'),
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const near = (actual: number | undefined, expected: number) => {
  expect(actual).toBeDefined();
  expect(Math.abs((actual ?? 0) - expected)).toBeLessThanOrEqual(2);
};

describe('time per question', () => {
  it('counts the seconds on the question on screen, continuing from what the server saved', () => {
    const { result, rerender } = renderHook(({ id, running }) => useTimeSpent({ q1: 40 }, id, running), {
      initialProps: { id: 'q1', running: true },
    });
    act(() => vi.advanceTimersByTime(30_000));
    near(result.current.snapshot().q1, 70);
    rerender({ id: 'q2', running: true });
    act(() => vi.advanceTimersByTime(12_000));
    const t = result.current.snapshot();
    near(t.q1, 70);
    near(t.q2, 12);
    rerender({ id: 'q1', running: true });
    act(() => vi.advanceTimersByTime(5_000));
    near(result.current.snapshot().q1, 75);
    near(result.current.snapshot().q2, 12);
  });

  it('marks a question seen with 0 seconds as soon as it opens, and stops counting when time is up', () => {
    const { result, rerender } = renderHook(({ id, running }) => useTimeSpent({}, id, running), {
      initialProps: { id: 'q1', running: true },
    });
    expect(result.current.snapshot()).toEqual({ q1: 0 });
    act(() => vi.advanceTimersByTime(10_000));
    rerender({ id: 'q1', running: false });
    act(() => vi.advanceTimersByTime(60_000));
    near(result.current.snapshot().q1, 10);
  });

  it('counts by the clock, so a throttled tab that ticks late loses nothing', () => {
    const { result } = renderHook(() => useTimeSpent({}, 'q1', true));
    // The clock moves 45 s while no tick ran.
    vi.setSystemTime(Date.now() + 45_000);
    near(result.current.snapshot().q1, 45);
  });
});
