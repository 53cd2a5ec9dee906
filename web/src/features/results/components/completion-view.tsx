import type { SubmitResponse } from '@app/common/schemas/submissions';
import { CircleCheck, ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { GradeBadge, Percent } from '../../../components/score.tsx';

type Props = { submitted: SubmitResponse; timeRanOut: boolean; onViewAll: () => void };

/** docs/product.md section 2 "Results": the completion page shown right after submitting. */
export function CompletionView({ submitted, timeRanOut, onViewAll }: Props) {
  const { result, submission } = submitted;
  const isPassed = result?.resultMode === 'grade' && result.isPassed;
  const title = isPassed ? 'Exam Completed!' : 'Exam Submitted';
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-xl bg-white p-6 text-center shadow-sm sm:p-8">
        {isPassed ? (
          <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-green-600" />
        ) : (
          <ClipboardCheck aria-hidden="true" className="mx-auto h-14 w-14 text-brand-700" />
        )}
        <h1 className="mt-3 text-2xl font-bold text-brand-800">{title}</h1>
        <p className="mt-1 text-slate-600">{submission.exam.title}</p>
        {(submission.autoSubmitted || timeRanOut) && (
          <p className="mt-2 text-sm text-slate-600">Time ran out, so your answers were submitted automatically.</p>
        )}
        {result ? (
          <>
            <div className={`mt-6 grid gap-3 ${result.resultMode === 'grade' ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
              <Stat label="Marks">
                {result.marksObtained} / {result.totalMarks}
              </Stat>
              <Stat label="Percentage">
                <Percent value={result.percentage} />
              </Stat>
              {result.resultMode === 'grade' && (
                <Stat label="Grade">
                  <GradeBadge grade={result.grade} />
                </Stat>
              )}
            </div>
            {result.resultMode === 'grade' ? (
              <p
                className={`mx-auto mt-4 inline-block rounded-full px-4 py-1 text-lg font-bold ${
                  result.isPassed ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'
                }`}
              >
                {result.isPassed ? 'PASS' : 'FAIL'}
              </p>
            ) : (
              // A ranked mock is reported by rank and percentile, never a grade or PASS/FAIL
              // (docs/product-papers.md, Result mode); they are computed when the results are published.
              <p className="mt-4 text-sm text-slate-600">
                Your rank and percentile will appear in My Results once the results are published.
              </p>
            )}
            <dl className="mt-6 grid grid-cols-3 gap-3 text-sm">
              <Count label="Correct" value={result.correctAnswers} className="text-green-700" />
              <Count label="Incorrect" value={result.incorrectAnswers} className="text-red-700" />
              <Count label="Unattempted" value={result.unattempted} className="text-slate-600" />
            </dl>
          </>
        ) : (
          <p className="mt-6 rounded-md border border-brand-100 bg-brand-50 p-4 text-brand-800">
            Your answers have been submitted. This exam has questions that your instructor evaluates: your results will appear here once
            they have been evaluated and published.
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/student/dashboard" className={buttonClass.secondary}>
            Back to Dashboard
          </Link>
          <button type="button" className={buttonClass.primary} onClick={onViewAll}>
            View All Results
          </button>
        </div>
      </div>
    </section>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-xs uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-bold text-slate-900">{children}</p>
    </div>
  );
}

function Count({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`text-xl font-bold ${className}`}>{value}</dd>
    </div>
  );
}
