import { round2 } from '@app/common/rules/rounding';
import { plural } from '@app/common/rules/text';
import { formatDateTime } from '@app/common/rules/dates';
import { gradeFor, percentageOf } from '@app/common/rules/grades';
import { SUBMISSION_MESSAGES, type SubmissionDetail } from '@app/common/schemas/submissions';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { GradeBadge, Percent } from '../../../components/score.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useEvaluate, useSubmission } from '../api/submissions.ts';
import { SUBMISSION_UI } from '../messages.ts';
import { AnswerReview } from './answer-review.tsx';

/** docs/product.md section 5 "Evaluation": descriptive marks from 0 to the question's maximum in steps of 0.5. */
function marksError(text: string, max: number): string | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > max) return SUBMISSION_MESSAGES.marksRange(max);
  if (!Number.isInteger(n * 2)) return SUBMISSION_MESSAGES.marksStep;
  return undefined;
}

/**
 * The modal's running total: the MCQ marks plus the descriptive marks typed so far, counting only
 * valid ones (3.5 on a 3-mark question is shown as an error beside the field, never added in).
 */
export function runningTotal(submission: Pick<SubmissionDetail, 'exam' | 'answers'>, marks: Record<string, string>): number {
  const sum = submission.exam.questions.reduce((acc, q) => {
    if (q.type === 'mcq') return acc + (submission.answers.find((a) => a.questionId === q._id)?.marksObtained ?? 0);
    const text = marks[q._id] ?? '';
    if (text.trim() === '' || marksError(text, q.marks)) return acc;
    return acc + Number(text);
  }, 0);
  return round2(sum);
}

export function EvaluateModal({ submissionId, onClose }: { submissionId: string | null; onClose: () => void }) {
  const detail = useSubmission(submissionId);
  return (
    <Modal open={submissionId !== null} onOpenChange={(open) => !open && onClose()} title="Evaluate Submission" size="xl">
      <QueryState query={detail} loadingText="Loading submission..." errorText={(e) => errorMessage(e, 'Failed to load the submission')}>
        {(submission) => <EvaluateForm key={submission._id} submission={submission} onClose={onClose} />}
      </QueryState>
    </Modal>
  );
}

function EvaluateForm({ submission, onClose }: { submission: SubmissionDetail; onClose: () => void }) {
  const evaluate = useEvaluate();
  const questions = submission.exam.questions;
  const answerOf = (qid: string) => submission.answers.find((a) => a.questionId === qid);
  const [marks, setMarks] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      questions.filter((q) => q.type === 'descriptive').map((q) => [q._id, answerOf(q._id)?.marksObtained?.toString() ?? '']),
    ),
  );
  const [feedback, setFeedback] = useState(submission.feedback ?? '');
  const [showErrors, setShowErrors] = useState(false);
  useEffect(() => evaluate.reset(), [evaluate.reset]);

  const errors = Object.fromEntries(
    questions.filter((q) => q.type === 'descriptive').map((q) => [q._id, marksError(marks[q._id] ?? '', q.marks)]),
  );
  const hasErrors = Object.values(errors).some(Boolean);
  const obtained = runningTotal(submission, marks);
  const total = submission.exam.totalMarks;
  const percentage = percentageOf(obtained, total);
  const unmarked = questions.filter((q) => q.type === 'descriptive' && !(marks[q._id] ?? '').trim()).length;

  const save = () => {
    setShowErrors(true);
    if (hasErrors) return;
    const answers = Object.entries(marks)
      .filter(([, v]) => v.trim() !== '')
      .map(([questionId, v]) => ({ questionId, marksObtained: Number(v) }));
    evaluate.mutate(
      { id: submission._id, body: { answers, feedback } },
      {
        onSuccess: () => {
          toast.success(SUBMISSION_UI.evaluated);
          onClose();
        },
      },
    );
  };

  const student = submission.student;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <p>
          <span className="text-slate-500">Student:</span>{' '}
          <strong>
            {student.firstName} {student.lastName}
          </strong>{' '}
          ({student.email})
        </p>
        <p>
          <span className="text-slate-500">Exam:</span> <strong>{submission.exam.title}</strong>
        </p>
        <p>
          <span className="text-slate-500">Submitted:</span> {formatDateTime(submission.submittedAt)}
          {submission.autoSubmitted && ' (auto-submitted)'}
        </p>
        <p>
          <span className="text-slate-500">Status:</span> {submission.status}
        </p>
      </div>
      {evaluate.isError && (
        <FormAlert>
          {SUBMISSION_UI.evaluateError}
          {evaluate.error instanceof ApiError && evaluate.error.status === 400 && `: ${evaluate.error.message}`}
        </FormAlert>
      )}
      <ol className="grid gap-3">
        {questions.map((q, i) => (
          <AnswerReview
            key={q._id}
            number={i + 1}
            question={q}
            answer={answerOf(q._id)}
            marks={marks[q._id] ?? ''}
            error={showErrors || (marks[q._id] ?? '') !== '' ? errors[q._id] : undefined}
            onMarks={(v) => setMarks((m) => ({ ...m, [q._id]: v }))}
          />
        ))}
      </ol>
      <TextAreaField label="Overall feedback (optional)" rows={3} value={feedback} onChange={(e) => setFeedback(e.target.value)} />
      <div className="sticky -bottom-4 -mx-5 -mb-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-5 py-3">
        <p className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
          <span>
            Total: <strong>{obtained}</strong> / {total}
          </span>
          <Percent value={percentage} />
          <GradeBadge grade={gradeFor(percentage)} />
          {unmarked > 0 && (
            <span className="text-amber-800">
              {plural(unmarked, 'descriptive answer')} still {unmarked === 1 ? 'needs' : 'need'} marks
            </span>
          )}
        </p>
        <div className="flex gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={evaluate.isPending}>
            Cancel
          </button>
          <button type="button" className={buttonClass.primary} onClick={save} disabled={evaluate.isPending}>
            {evaluate.isPending ? 'Saving...' : 'Save Evaluation'}
          </button>
        </div>
      </div>
    </div>
  );
}
