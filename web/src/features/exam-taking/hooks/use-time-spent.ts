import { useCallback, useEffect, useRef } from 'react';

/**
 * Seconds per question, counted while the question is on screen (docs/product-papers.md). Starts from
 * what the server saved, so a reload or another device continues the count. Counted from the clock when
 * the question changes, when the counts are read and when counting stops, so no timer has to tick and a
 * throttled background tab loses nothing.
 */
export function useTimeSpent(initial: Record<string, number>, currentId: string, running: boolean) {
  const spent = useRef<Record<string, number>>({ ...initial });
  // Milliseconds counted on the current question not yet worth a whole second.
  const carry = useRef(0);
  const last = useRef(Date.now());
  const current = useRef(currentId);
  const counting = useRef(running);
  spent.current[currentId] ??= 0;

  /** Adds the time since the last count to the question on screen (none while not counting). */
  const account = useCallback(() => {
    const now = Date.now();
    if (counting.current) {
      const ms = carry.current + Math.max(0, now - last.current);
      const whole = Math.floor(ms / 1000);
      carry.current = ms - whole * 1000;
      const id = current.current;
      spent.current[id] = (spent.current[id] ?? 0) + whole;
    }
    last.current = now;
  }, []);

  // Switching question: what was counted goes to the question left.
  useEffect(() => {
    if (current.current === currentId) return;
    account();
    carry.current = 0;
    current.current = currentId;
  }, [currentId, account]);

  // Time up (or resumed): count up to now under the old state, then switch.
  useEffect(() => {
    account();
    counting.current = running;
  }, [running, account]);

  /** The counts so far (the current question's seconds included). */
  const snapshot = useCallback(() => {
    account();
    return { ...spent.current };
  }, [account]);

  return { snapshot };
}
