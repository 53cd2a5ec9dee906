import { formatDateTime } from '@app/common/rules/dates';
import type { StudentResult } from '@app/common/schemas/submissions';
import { buttonClass } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { GradeBadge, Percent } from '../../../components/score.tsx';
import { isRanked, percentileText } from './standing.tsx';

/** The details dialog of a published result: marks, percentage, grade, answer summary, Close. */
export function ResultDetailsDialog({ result, onClose }: { result: StudentResult | null; onClose: () => void }) {
  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      title={result?.exam.title ?? 'Result'}
      description={result ? `Submitted ${formatDateTime(result.submittedAt)}` : undefined}
      footer={
        <button type="button" className={buttonClass.primary} onClick={onClose}>
          Close
        </button>
      }
    >
      {result && (
        <div className="grid gap-4">
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs uppercase text-slate-500">Marks</dt>
              <dd className="mt-1 text-lg font-bold">
                {result.marksObtained} / {result.totalMarks}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs uppercase text-slate-500">Percentage</dt>
              <dd className="mt-1 text-lg">
                <Percent value={result.percentage} />
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs uppercase text-slate-500">{isRanked(result) ? 'Rank' : 'Grade'}</dt>
              <dd className="mt-1">
                {isRanked(result) ? (
                  <span className="text-lg font-bold">{result.rank === null ? '—' : `${result.rank} / ${result.candidates}`}</span>
                ) : (
                  <GradeBadge grade={result.grade} />
                )}
              </dd>
            </div>
          </dl>
          {isRanked(result) ? (
            <p className="text-center font-bold text-slate-800">{percentileText(result)}</p>
          ) : (
            <p className={`text-center font-bold ${result.isPassed ? 'text-green-700' : 'text-red-700'}`}>
              {result.isPassed ? 'PASS' : 'FAIL'}
            </p>
          )}
          <div>
            {/* The counts are of multiple-choice questions only (descriptive answers get marks, not right
                or wrong): the heading says so, so they need not add up to the exam's questions. */}
            <h3 className="font-semibold text-slate-800">Answer summary: multiple-choice questions</h3>
            <p className="mt-1 text-xs text-slate-600">Descriptive answers are marked by the examiner and count in Marks above.</p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-center text-sm">
              <div className="rounded-md border border-slate-200 p-2">
                <dt className="text-slate-600">Correct</dt>
                <dd className="text-lg font-bold text-green-700">{result.correctAnswers ?? 0}</dd>
              </div>
              <div className="rounded-md border border-slate-200 p-2">
                <dt className="text-slate-600">Incorrect</dt>
                <dd className="text-lg font-bold text-red-700">{result.incorrectAnswers ?? 0}</dd>
              </div>
              <div className="rounded-md border border-slate-200 p-2">
                <dt className="text-slate-600">Unattempted</dt>
                <dd className="text-lg font-bold text-slate-700">{result.unattempted ?? 0}</dd>
              </div>
            </dl>
          </div>
          {result.feedback && (
            <div>
              <h3 className="font-semibold text-slate-800">Feedback</h3>
              <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-slate-700">{result.feedback}</p>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
