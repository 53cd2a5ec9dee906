import { TIMER_WARNING_SECONDS } from '../constants.ts';

/** Seconds after the deadline during which the server still accepts a submission (docs/product.md section 10). */
export const GRACE_SECONDS = 30;

const pad = (n: number) => String(n).padStart(2, '0');

/** The exam countdown: H:MM:SS from one hour up, else M:SS (docs/product.md section 4). Negative shows 0:00. */
export function formatTimer(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** The timer turns red at 300 seconds or less. */
export const isTimerWarning = (seconds: number): boolean => seconds <= TIMER_WARNING_SECONDS;
export const timerColour = (seconds: number): 'red' | 'green' => (isTimerWarning(seconds) ? 'red' : 'green');
