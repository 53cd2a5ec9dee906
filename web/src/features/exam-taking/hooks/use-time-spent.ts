import { useCallback, useEffect, useRef } from 'react';

/** How often the time on the current question is counted. */
export const TIME_TICK_MS = 1000;

/**
 * Seconds per question, counted while the question is on screen (docs/product-papers.md). Starts from
 * what the server saved, so a reload or another device continues the count. Counts from the clock, not
 * the number of ticks, so a throttled background tab loses nothing.
 */
export function useTimeSpent(initial: Record<string, number>, currentId: string, running: boolean) {
  const spent = useRef<Record<string, number>>({ ...initial });
  // Milliseconds counted on the current question not yet worth a whole second.
  const carry = useRef(0);
  const last = useRef(Date.now());
  const current = useRef(currentId);

  const account = useCallback(() => {
    const now = Date.now();
    const ms = carry.current + Math.max(0, now - last.current);
    last.current = now;
    const whole = Math.floor(ms / 1000);
    carry.current = ms - whole * 1000;
    const id = current.current;
    spent.current[id] = (spent.current[id] ?? 0) + whole;
  }, []);

  // Switching question: what was counted goes to the question left.
  useEffect(() => {
    if (current.current === currentId) return;
    account();
    carry.current = 0;
    current.current = currentId;
    spent.current[currentId] ??= 0;
  }, [currentId, account]);

  useEffect(() => {
    spent.current[current.current] ??= 0;
    if (!running) return;
    last.current = Date.now();
    const timer = window.setInterval(account, TIME_TICK_MS);
    return () => {
      window.clearInterval(timer);
      account();
    };
  }, [running, account]);

  /** The counts so far (the current question's seconds included). */
  const snapshot = useCallback(() => {
    if (running) account();
    return { ...spent.current };
  }, [account, running]);

  return { snapshot };
}
