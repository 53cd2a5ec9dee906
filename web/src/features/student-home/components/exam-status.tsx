import { formatDate, formatDateTime } from '@app/common/rules/dates';
import { formatTimer } from '@app/common/rules/timer';
import type { AvailableExam } from '@app/common/schemas/exam-views';
import { CalendarClock, CheckCircle2, PlayCircle, RotateCcw, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/field.tsx';

const chip = 'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold';

/**
 * The action of one exam on the dashboard, by where it stands (docs/product-batches.md): upcoming
 * (Start disabled, with its opening time), open, in progress (Resume), submitted, missed; a practice
 * exam offers "Attempt again" while it is open.
 */
export function ExamAction({ exam }: { exam: AvailableExam }) {
  if (exam.status === 'upcoming') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-700">
          <CalendarClock aria-hidden="true" className="h-4 w-4" /> Opens {formatDateTime(exam.opensAt)} IST
        </span>
        <button type="button" className={buttonClass.primary} disabled aria-label={`Start Exam: ${exam.title} (not open yet)`}>
          <PlayCircle aria-hidden="true" className="h-4 w-4" /> Start Exam
        </button>
      </div>
    );
  }
  if (exam.status === 'missed') {
    return (
      <span className={`${chip} bg-red-50 text-red-800`}>
        <XCircle aria-hidden="true" className="h-4 w-4" /> Missed (closed {formatDateTime(exam.closesAt)} IST)
      </span>
    );
  }
  if (exam.status === 'submitted') {
    if (exam.mode === 'practice' && exam.canAttemptAgain) {
      return (
        <Link to={`/student/exam/${exam._id}`} className={buttonClass.secondary} aria-label={`Attempt again: ${exam.title}`}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" /> Attempt again
        </Link>
      );
    }
    return (
      <span className={`${chip} bg-slate-100 text-slate-600`}>
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Already Attempted
      </span>
    );
  }
  const resuming = exam.status === 'in_progress';
  return (
    <div className="flex flex-wrap items-center gap-3">
      {resuming && exam.remainingSeconds !== null && (
        <span className="text-sm font-medium text-amber-700" data-testid="time-left">
          {formatTimer(exam.remainingSeconds)} left
        </span>
      )}
      {!resuming && exam.closesAt && <span className="text-sm text-slate-600">Closes {formatDateTime(exam.closesAt)} IST</span>}
      <Link
        to={`/student/exam/${exam._id}`}
        className={buttonClass.primary}
        aria-label={`${resuming ? 'Resume Exam' : 'Start Exam'}: ${exam.title}`}
      >
        <PlayCircle aria-hidden="true" className="h-4 w-4" />
        {resuming ? 'Resume Exam' : 'Start Exam'}
      </Link>
    </div>
  );
}

/** A practice exam's earlier attempts, latest first: marks once evaluated and published. */
export function PracticeHistory({ exam }: { exam: AvailableExam }) {
  if (exam.mode !== 'practice' || exam.attempts.length === 0) return null;
  return (
    <details className="mt-2 w-full text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">
        {exam.attempts.length === 1 ? '1 attempt' : `${exam.attempts.length} attempts`}
      </summary>
      <ol className="mt-1 grid gap-1 text-slate-700" aria-label={`Attempts of ${exam.title}`}>
        {exam.attempts.map((a) => (
          <li key={a.attemptNumber}>
            Attempt {a.attemptNumber}, {formatDate(a.submittedAt)}:{' '}
            {a.marksObtained !== null
              ? `${a.marksObtained} / ${a.totalMarks} marks`
              : a.status === 'EVALUATED'
                ? 'marks after publication'
                : 'awaiting evaluation'}
          </li>
        ))}
      </ol>
    </details>
  );
}
