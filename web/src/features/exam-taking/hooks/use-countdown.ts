import { useEffect, useState } from 'react';

/**
 * Seconds left until `deadlineAt` (a time on THIS device's clock, already corrected for the skew between
 * the device and the server). Recomputed from the clock every second, so a throttled background tab or a
 * slow tick never drifts (docs/product.md section 4: tick 1 second).
 */
export function useCountdown(deadlineAt: number): number {
  const secondsLeft = () => Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(secondsLeft);
  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft only depends on deadlineAt
  useEffect(() => {
    setRemaining(secondsLeft());
    const id = window.setInterval(() => setRemaining(secondsLeft()), 1000);
    return () => window.clearInterval(id);
  }, [deadlineAt]);
  return remaining;
}

/** The server says when the attempt ends and what its clock reads: map the deadline onto this device's clock. */
export function localDeadline(attempt: { deadline: string; serverNow: string }, receivedAt = Date.now()): number {
  return receivedAt + (Date.parse(attempt.deadline) - Date.parse(attempt.serverNow));
}
