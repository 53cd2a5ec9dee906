import { formatTimer, timerColour } from '@app/common/rules/timer';
import { Clock } from 'lucide-react';

const tone = { red: 'bg-red-50 text-red-700 border-red-300', green: 'bg-green-50 text-green-800 border-green-300' } as const;

/** The countdown: red at 300 seconds or less, else green; H:MM:SS from one hour up, else M:SS (docs/product.md section 4). */
export function ExamTimer({ seconds }: { seconds: number }) {
  const colour = timerColour(seconds);
  return (
    <div
      data-testid="exam-timer"
      data-colour={colour}
      className={`inline-flex items-center gap-2 rounded-md border px-3 py-1.5 font-mono text-lg font-bold tabular-nums ${tone[colour]}`}
    >
      <Clock aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only">Time remaining </span>
      <span role="timer">{formatTimer(seconds)}</span>
    </div>
  );
}

/** Screen-reader notice at 5 minutes and 1 minute left (the visible timer itself is not announced every second). */
export function TimerAnnouncer({ seconds }: { seconds: number }) {
  const message = seconds <= 60 && seconds > 0 ? 'One minute remaining.' : seconds <= 300 && seconds > 60 ? 'Five minutes remaining.' : '';
  return (
    <p className="sr-only" aria-live="assertive">
      {message}
    </p>
  );
}
